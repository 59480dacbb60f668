// swift-tools-version:6.0
// libFuzzer targets for keymenu (docs/FUZZING.md); `make fuzz` builds and runs them.
//
// A package of its own, depending on the main one by path, rather than targets
// in the main Package.swift: libFuzzer provides `main`, so these executables
// link only with `-sanitize=fuzzer`, and the main package's plain
// `swift build --build-tests` (make build, make test) would fail on them. The
// main package exports the modules used here as library products.
//
// Build (debug, so that `@testable import` reaches the daemon's internals;
// `-O` for speed):
//
//   swift build --package-path Fuzz --scratch-path .build-fuzz/fuzz \
//     --sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library -Xswiftc -O
import PackageDescription

let package = Package(
  name: "keymenu-fuzz",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "fuzz-rpc-line", targets: ["FuzzRPCLine"]),
    .executable(name: "fuzz-dispatch", targets: ["FuzzDispatch"]),
    .executable(name: "fuzz-config", targets: ["FuzzConfig"]),
    .executable(name: "fuzz-keys", targets: ["FuzzKeys"]),
  ],
  dependencies: [
    .package(name: "keymenu", path: ".."),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
  ],
  targets: [
    .target(name: "FuzzSupport", dependencies: [.product(name: "Logging", package: "swift-log")]),
    .executableTarget(
      name: "FuzzRPCLine",
      dependencies: ["FuzzSupport", .product(name: "KeyMenuProtocol", package: "keymenu")]
    ),
    .executableTarget(
      name: "FuzzDispatch",
      dependencies: [
        "FuzzSupport", .product(name: "KeyMenuTestKit", package: "keymenu"),
        .product(name: "KeyMenuDaemon", package: "keymenu"), .product(name: "KeyMenuProtocol", package: "keymenu"),
        .product(name: "KeyMenuCore", package: "keymenu"), .product(name: "KeyMenuPluginAPI", package: "keymenu"),
        .product(name: "KeyMenuBuiltins", package: "keymenu"), .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "FuzzConfig",
      dependencies: [
        "FuzzSupport", .product(name: "KeyMenuDaemon", package: "keymenu"),
        .product(name: "KeyMenuBuiltins", package: "keymenu"), .product(name: "KeyMenuConfig", package: "keymenu"), .product(name: "KeyMenuEvdev", package: "keymenu"),
      ]
    ),
    .executableTarget(
      name: "FuzzKeys",
      dependencies: [
        "FuzzSupport", .product(name: "KeyMenuCore", package: "keymenu"),
        .product(name: "KeyMenuEvdev", package: "keymenu"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
