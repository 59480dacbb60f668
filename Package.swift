// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "keymenu",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "keymenu", targets: ["keymenu"]),
    .executable(name: "keymenud", targets: ["keymenud"]),
    .executable(name: "keymenuctl", targets: ["keymenuctl"]),
    .executable(name: "keymenu-bench", targets: ["keymenu-bench"]),
    .executable(name: "keymenu-uinput", targets: ["keymenu-uinput"]),
    .executable(name: "keymenu-overlay", targets: ["keymenu-overlay"]),
    .executable(name: "keymenu-whiptail", targets: ["keymenu-whiptail"]),
    .executable(name: "keymenu-dmenu", targets: ["keymenu-dmenu"]),
    .library(name: "KeyMenuCore", targets: ["KeyMenuCore"]),
    .library(name: "KeyMenuEvdev", targets: ["KeyMenuEvdev"]),
    .library(name: "KeyMenuRouting", targets: ["KeyMenuRouting"]),
    // For the fuzz targets of Fuzz/Package.swift, which depends on this package by path.
    .library(name: "KeyMenuProtocol", targets: ["KeyMenuProtocol"]),
    .library(name: "KeyMenuPluginAPI", targets: ["KeyMenuPluginAPI"]),
    .library(name: "KeyMenuServer", targets: ["KeyMenuServer"]),
    .library(name: "KeyMenuConfig", targets: ["KeyMenuConfig"]),
    .library(name: "KeyMenuDaemon", targets: ["KeyMenuDaemon"]),
    .library(name: "KeyMenuBuiltins", targets: ["KeyMenuBuiltins"]),
    // The in-process daemon of the tests, also driven by Fuzz's dispatch target.
    .library(name: "KeyMenuTestKit", targets: ["KeyMenuTestKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibevdev",
      pkgConfig: "libevdev",
      providers: [.apt(["libevdev-dev"])]
    ),
    // Keyboard layouts, dead keys and compose sequences (KeyMenuLayout).
    .systemLibrary(
      name: "CXKBCommon",
      pkgConfig: "xkbcommon",
      providers: [.apt(["libxkbcommon-dev"])]
    ),
    // GTK 3, gtk-layer-shell, Pango and Cairo for the on-screen overlay (docs/OVERLAY.md).
    .systemLibrary(
      name: "CGtkOverlay",
      pkgConfig: "gtk-layer-shell-0",
      providers: [.apt(["libgtk-layer-shell-dev", "libgtk-3-dev"])]
    ),
    .target(name: "KeyMenuCore"),
    // The engine's isolation domain (EngineActor) and the serial executor its thread adopts;
    // beneath the plugin API, so that plugins, the engine and the daemon share one actor.
    .target(name: "KeyMenuEngineActor"),
    // The configuration's TOML 1.0 parser, which keeps every key's and value's line and column.
    .target(name: "KeyMenuTOML"),
    .target(name: "CKeyMenuSpawn"),
    .target(name: "CKeyMenuRuntime"),
    .target(name: "CKeyMenuCEC"),
    .target(name: "KeyMenuCEC", dependencies: ["CKeyMenuCEC", "KeyMenuRuntime"]),
    // systemd's Password Agents: the ask files and the queue of questions (pure).
    .target(name: "KeyMenuAskPassword", dependencies: ["KeyMenuSocket"]),
    // keymenu-ask-password: the questions asked through keymenud (AskAgent).
    .target(
      name: "KeyMenuAskAgent",
      dependencies: ["KeyMenuAskPassword", "KeyMenuClient", "KeyMenuCore", "KeyMenuProtocol", "KeyMenuRuntime"]),
    // libespeak-ng and alsa-lib through dlopen (headers: libespeak-ng-dev, libasound2-dev).
    .target(name: "CSpeechLibraries"),
    // sd-bus (libsystemd) through dlopen, for the notify plugin (header: libsystemd-dev).
    .target(name: "CSystemdBusLibrary"),
    // The process's runtime parts: the reactor (poll loop), the engine's executor,
    // threads, the wake-up eventfd, stop signals, system calls with swift-system's Errno.
    .target(
      name: "KeyMenuRuntime",
      dependencies: [
        "CKeyMenuRuntime", "KeyMenuEngineActor", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "KeyMenuEvdev",
      dependencies: [
        "CLibevdev", "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuRuntime",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "KeyMenuRouting",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(name: "KeyMenuProtocol", dependencies: ["KeyMenuCore"]),
    // What keys type under a keyboard layout (libxkbcommon): keymaps, per-device states, compose.
    .target(name: "KeyMenuLayout", dependencies: ["CXKBCommon", "KeyMenuCore", "KeyMenuRuntime"]),
    // Plain Unix-socket calls (addresses, errors, the blocking line client),
    // shared by the server and the clients, so that clients link no NIO.
    .target(name: "KeyMenuSocket"),
    .target(
      name: "KeyMenuServer",
      dependencies: [
        "KeyMenuProtocol", "KeyMenuSocket", .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .target(
      name: "KeyMenuConfig",
      dependencies: [
        "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuRuntime", "KeyMenuTOML",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "KeyMenuDaemon",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuEvdev", "KeyMenuPluginAPI", "KeyMenuRouting",
        "KeyMenuProtocol", "KeyMenuServer", "KeyMenuSocket", "KeyMenuRuntime",
        "KeyMenuConfig", "KeyMenuLayout", "CKeyMenuSpawn", "CKeyMenuRuntime", "KeyMenuCEC",
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The modal kinds (ModalKinds.catalog): keymenud's and keymenuctl simulate's.
    .target(
      name: "KeyMenuKinds",
      dependencies: [
        "KeyMenuPluginAPI", "AlertsPlugin", "MenusPlugin", "CountdownPlugin", "PromptPlugin", "GaugePlugin",
        "TextBoxPlugin", "InfoBoxPlugin", "ListsPlugin",
      ]),
    // The plugins keymenud is built with (BuiltinPlugins.catalog), handed to the daemon.
    .target(
      name: "KeyMenuBuiltins",
      dependencies: ["KeyMenuPluginAPI", "KeyMenuKinds", "SpeechPlugin", "NotifyPlugin", "ConsolePlugin"]
    ),
    // keymenud's command line and start (KeymenudProgram), for keymenud and keymenu.
    .target(
      name: "KeyMenuDaemonCommand",
      dependencies: [
        "KeyMenuDaemon", "KeyMenuBuiltins", "KeyMenuConfig", "KeyMenuCore", "KeyMenuRuntime",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(name: "keymenud", dependencies: ["KeyMenuDaemonCommand"]),
    .target(
      name: "KeyMenuPluginAPI",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuProtocol", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "KeyMenuSimulation",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuEvdev", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuRouting",
        "AlertsPlugin",
        "MenusPlugin",
      ]
    ),
    .target(
      name: "AlertsPlugin",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuProtocol", .product(name: "Logging", package: "swift-log"),
      ], path: "Plugins/Alerts"),
    .target(
      name: "MenusPlugin",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuProtocol", .product(name: "Logging", package: "swift-log"),
      ], path: "Plugins/Menus"),
    // An example modal kind (docs/ENGINE.md): its own methods, nothing in the daemon.
    .target(
      name: "CountdownPlugin", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/Countdown"),
    // The dialog family's first kind: a line of text (prompt.show).
    .target(
      name: "PromptPlugin", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/Prompt"),
    // A progress bar its client moves (gauge.show, gauge.update, gauge.close).
    .target(
      name: "GaugePlugin", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/Gauge"),
    // Long text to read, scrolled (textbox.show).
    .target(
      name: "TextBoxPlugin", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/TextBox"),
    // A message that needs no answer (infobox.show).
    .target(
      name: "InfoBoxPlugin", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/InfoBox"),
    // The checklist and radiolist kinds (checklist.show, radiolist.show).
    .target(
      name: "ListsPlugin", dependencies: ["KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuProtocol"],
      path: "Plugins/Lists"),
    .target(
      name: "SpeechPlugin",
      dependencies: [
        "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuRuntime", "CSpeechLibraries",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Plugins/Speech",
      exclude: ["README.md"]
    ),
    // The example built-in plugin of docs/PLUGINS.md: built and tested, not in keymenud.
    .target(
      name: "FrontLinePlugin",
      dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", .product(name: "Logging", package: "swift-log")],
      path: "examples/plugins/SwiftPresenter"
    ),
    .target(
      name: "NotifyPlugin",
      dependencies: [
        "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuRuntime", "CSystemdBusLibrary",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Plugins/Notify",
      exclude: ["README.md"]
    ),
    .target(
      name: "ConsolePlugin",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuRuntime", .product(name: "Logging", package: "swift-log"),
      ],
      path: "Plugins/Console", exclude: ["README.md"]
    ),
    // What clients of the socket share: the modal state read back from the protocol.
    .target(name: "KeyMenuClient", dependencies: ["KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuSocket"]),
    // The on-screen presenter's library: the picture (pure), its Pango/Cairo painter,
    // the GTK window and the GLib main loop (the C-boundary files).
    .target(
      name: "KeyMenuOverlay",
      dependencies: [
        "CGtkOverlay", "KeyMenuClient", "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol",
        "KeyMenuRuntime",
        "KeyMenuSocket", "KeyMenuTOML",
      ]
    ),
    .executableTarget(
      name: "keymenu-overlay",
      dependencies: [
        "KeyMenuOverlay", "KeyMenuClient", "KeyMenuPluginAPI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // whiptail's, dialog's and dmenu's command lines read into keymenu requests (pure).
    .target(name: "KeyMenuCompat", dependencies: ["KeyMenuCore", "KeyMenuProtocol"]),
    // What keymenu-whiptail and keymenu-dmenu run: the box session, the terminal, the real program.
    .target(
      name: "KeyMenuCompatRuntime",
      dependencies: [
        "KeyMenuCompat", "KeyMenuClient", "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuRuntime",
      ]
    ),
    .executableTarget(name: "keymenu-whiptail", dependencies: ["KeyMenuCompatRuntime"]),
    .executableTarget(
      name: "keymenu-dmenu",
      dependencies: ["KeyMenuCompatRuntime"]
    ),
    // keymenuctl's commands (KeyMenuCtlProgram), for keymenuctl and keymenu.
    .target(
      name: "KeyMenuCtlCommand",
      dependencies: [
        "KeyMenuCore", "KeyMenuEvdev", "KeyMenuSimulation", "KeyMenuKinds", "KeyMenuProtocol",
        "KeyMenuPluginAPI", "KeyMenuSocket", "KeyMenuClient", "KeyMenuRuntime",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "keymenuctl", dependencies: ["KeyMenuCtlCommand"]),
    // What the package installs: keymenud, keymenuctl and the drop-ins in one
    // binary, chosen by argv[0] (links to it under each name).
    .executableTarget(
      name: "keymenu",
      dependencies: [
        "KeyMenuDaemonCommand", "KeyMenuCtlCommand", "KeyMenuCompatRuntime", "KeyMenuAskAgent", "KeyMenuCore",
        "KeyMenuProtocol",
      ]
    ),
    .executableTarget(
      name: "keymenu-bench",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuEvdev", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuRouting",
        "MenusPlugin",
        "SpeechPlugin", "ConsolePlugin", "NotifyPlugin", .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      path: "bench/Sources/keymenu-bench"
    ),
    // The real-kernel suite's uinput keyboard and second reader (Tests/Kernel, make test-kernel).
    .executableTarget(
      name: "keymenu-uinput",
      dependencies: [
        "CLibevdev", "KeyMenuCore", "KeyMenuEvdev",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Tests/Kernel/Sources/keymenu-uinput"
    ),
    .testTarget(
      name: "KeyMenuCoreTests",
      dependencies: ["KeyMenuCore", "KeyMenuEvdev"],
      exclude: ["Golden"]
    ),
    .testTarget(name: "KeyMenuProtocolTests", dependencies: ["KeyMenuProtocol", "KeyMenuCore"]),
    // keymenuctl's hand-read command lines against ArgumentParser's reading.
    .testTarget(
      name: "KeyMenuCtlCommandTests",
      dependencies: ["KeyMenuCtlCommand", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .testTarget(name: "KeyMenuCECTests", dependencies: ["KeyMenuCEC"]),
    .testTarget(name: "KeyMenuAskPasswordTests", dependencies: ["KeyMenuAskPassword", "KeyMenuTestSupport"]),
    .testTarget(
      name: "AskAgentTests",
      dependencies: [
        "keymenu", "keymenud", "keymenuctl", "KeyMenuAskAgent", "KeyMenuAskPassword", "KeyMenuProtocol",
        "KeyMenuTestSupport",
      ]),
    .target(
      name: "KeyMenuTestSupport", dependencies: [.product(name: "Logging", package: "swift-log")],
      path: "Tests/Support", exclude: ["TestKit"]
    ),
    // keymenud's core in process, clients on EmbeddedChannels (InProcessDaemon). Debug builds
    // only: it reaches the daemon's internals with @testable import, so a release build
    // compiles it empty.
    .target(
      name: "KeyMenuTestKit",
      dependencies: [
        "KeyMenuDaemon", "KeyMenuBuiltins", "KeyMenuServer", "KeyMenuProtocol", "KeyMenuEvdev", "KeyMenuCore",
        "KeyMenuConfig", "KeyMenuEngineActor", "KeyMenuRuntime", .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Tests/Support/TestKit"
    ),
    // keymenud's own tests: in process (KeyMenuTestKit) and on emulated devices (DaemonHarness).
    .testTarget(
      name: "KeyMenuDaemonTests",
      dependencies: [
        "keymenud", "keymenuctl", "keymenu-whiptail", "AlertsPlugin", "KeyMenuBuiltins", "KeyMenuConfig",
        "KeyMenuCore", "KeyMenuDaemon", "KeyMenuEngineActor", "KeyMenuEvdev", "KeyMenuPluginAPI", "KeyMenuProtocol",
        "KeyMenuRouting", "KeyMenuRuntime", "KeyMenuTestKit", "KeyMenuTestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The whiptail, dialog and dmenu drop-ins (keymenu-whiptail, keymenu-dmenu) against keymenud.
    .testTarget(
      name: "CompatDropInTests",
      dependencies: [
        "keymenud", "keymenuctl", "keymenu-whiptail", "keymenu-dmenu", "KeyMenuCore", "KeyMenuProtocol",
        "KeyMenuTestKit", "KeyMenuTestSupport",
      ]
    ),
    // The keymenu-overlay program on real displays (Sway, Xvfb), against keymenud.
    .testTarget(
      name: "OverlayProgramTests",
      dependencies: [
        "keymenud", "keymenuctl", "keymenu-overlay", "KeyMenuOverlay", "KeyMenuPluginAPI", "KeyMenuTestSupport",
      ]
    ),
    // What is installed and documented: man pages, README, install, polkit, help texts, imports.
    .testTarget(
      name: "PackagingTests",
      dependencies: [
        "keymenud", "keymenuctl", "keymenu-overlay", "keymenu-whiptail", "keymenu-dmenu", "keymenu", "KeyMenuKinds",
        "KeyMenuPluginAPI", "KeyMenuTestSupport",
      ]
    ),
    .testTarget(
      name: "KeyMenuOverlayTests",
      dependencies: [
        "KeyMenuOverlay", "KeyMenuClient", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuTestSupport",
      ]
    ),
    .testTarget(name: "KeyMenuTOMLTests", dependencies: ["KeyMenuTOML"]),
    .testTarget(name: "KeyMenuCompatTests", dependencies: ["KeyMenuCompat", "KeyMenuProtocol"]),
    .testTarget(name: "KeyMenuLayoutTests", dependencies: ["KeyMenuLayout", "KeyMenuCore"]),
    .testTarget(
      name: "KeyMenuConfigTests",
      dependencies: ["KeyMenuConfig", "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol"]
    ),
    .testTarget(
      name: "KeyMenuServerTests",
      dependencies: [
        "KeyMenuProtocol", "KeyMenuServer", "KeyMenuSocket", .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOTestUtils", package: "swift-nio"),
      ]),
    .testTarget(name: "KeyMenuSimulationTests", dependencies: ["KeyMenuSimulation", "KeyMenuKinds", "KeyMenuPluginAPI"]),
    .testTarget(
      name: "KeyMenuPluginAPITests", dependencies: ["KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuProtocol"]),
    .testTarget(
      name: "KeyMenuRoutingTests", dependencies: ["KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuRouting"]),
    .testTarget(
      name: "AlertsPluginTests", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol", "AlertsPlugin"]),
    .testTarget(
      name: "PromptPluginTests", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "PromptPlugin"]),
    .testTarget(
      name: "DialogKindsTests",
      dependencies: [
        "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol", "KeyMenuRouting", "GaugePlugin",
        "TextBoxPlugin",
        "InfoBoxPlugin",
      ]),
    .testTarget(
      name: "ListsPluginTests",
      dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuProtocol", "ListsPlugin"]),
    .testTarget(
      name: "EngineCompositionTests",
      dependencies: ["KeyMenuCore", "KeyMenuEngineActor", "KeyMenuRouting", "KeyMenuPluginAPI", "AlertsPlugin", "MenusPlugin"]
    ),
    .testTarget(
      name: "NotifyPluginTests",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuRouting", "AlertsPlugin", "NotifyPlugin",
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["notification-server.py"]
    ),
    .testTarget(
      name: "ConsolePluginTests",
      dependencies: [
        "KeyMenuEngineActor", "ConsolePlugin", "KeyMenuCore", "KeyMenuPluginAPI", "KeyMenuRouting", "AlertsPlugin", "MenusPlugin",
        "KeyMenuTestSupport", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(name: "MenusPluginTests", dependencies: ["KeyMenuCore", "KeyMenuPluginAPI", "MenusPlugin"]),
    .testTarget(
      name: "SpeechPluginTests",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuRouting", "AlertsPlugin", "MenusPlugin", "SpeechPlugin",
        "KeyMenuTestSupport", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "FrontLinePluginTests",
      dependencies: [
        "KeyMenuCore", "KeyMenuEngineActor", "KeyMenuPluginAPI", "KeyMenuRouting", "AlertsPlugin", "MenusPlugin", "FrontLinePlugin",
      ]
    ),
    .testTarget(name: "KeyMenuEngineActorTests", dependencies: ["KeyMenuEngineActor", "KeyMenuRuntime"]),
    .testTarget(
      name: "KeyMenuRuntimeTests",
      dependencies: ["KeyMenuRuntime", .product(name: "SystemPackage", package: "swift-system")]
    ),
    .testTarget(
      name: "KeyMenuEvdevTests",
      dependencies: [
        "KeyMenuCore", "KeyMenuEvdev", "KeyMenuTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .testTarget(name: "KeyMenuSocketTests", dependencies: ["KeyMenuSocket"]),
    .testTarget(name: "KeyMenuKindsTests", dependencies: ["KeyMenuKinds", "KeyMenuPluginAPI", "KeyMenuProtocol"]),
    .testTarget(name: "KeyMenuBuiltinsTests", dependencies: ["KeyMenuBuiltins", "KeyMenuKinds", "KeyMenuPluginAPI"]),
    .testTarget(name: "KeyMenuClientTests", dependencies: ["KeyMenuClient", "KeyMenuPluginAPI", "KeyMenuProtocol"]),
    .testTarget(name: "KeyMenuCompatRuntimeTests", dependencies: ["KeyMenuCompatRuntime", "KeyMenuClient"]),
  ],
  swiftLanguageModes: [.v6]
)

// A warning fails the build (CI runs make test, which builds with these
// settings); system-library targets have no Swift sources.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .treatAllWarnings(as: .error), .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
