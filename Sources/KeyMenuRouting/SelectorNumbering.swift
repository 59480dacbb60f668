import KeyMenuPluginAPI

/// The random-looking last part of selector names, made from the number of
/// the registration: unique by construction, so the registry need not
/// remember the names it handed out.
///
/// Registration `n` (counting from 0) of a name that starts with `prefix`
/// (`kind.slug.`) ends in the 8 hex digits of a keyed permutation of the low
/// 32 bits of `n` mixed with the prefix, after the hex digits of `n >> 32`
/// once there have been 2^32 registrations. For one prefix, numbers map one
/// to one onto endings, so no name repeats while the process runs, and an
/// ending leads back to its number: a name whose number is below the next
/// one to be handed out was issued. A made-up name with a prefix its ending
/// was never issued under passes for issued with a chance of (registrations
/// so far) / 2^32; names keymenud handed out are always told correctly.
///
/// The permutation is a four-round Feistel network on two 16-bit halves;
/// its keys come from the random source, so a seeded source gives
/// reproducible names (simulations, tests).
struct SelectorNumbering: Sendable {
  private let roundKeys: [UInt32]
  private let prefixKey: UInt32

  /// Draws the keys (five values) from `random`.
  init(random: () -> UInt32) {
    roundKeys = (0..<4).map { _ in random() }
    prefixKey = random()
  }

  /// The ending of registration `number` under `prefix`.
  func ending(of number: UInt64, prefix: String) -> String {
    let low = permute(UInt32(truncatingIfNeeded: number) ^ mask(prefix))
    let digits = String(low, radix: 16)
    let padded = String(repeating: "0", count: 8 - digits.count) + digits
    let high = number >> 32
    return high == 0 ? padded : String(high, radix: 16) + padded
  }

  /// The registration number an ending stands for under `prefix`, or nil
  /// when it is not an ending's shape.
  func number(of ending: Substring, prefix: String) -> UInt64? {
    guard ending.utf8.count >= 8, ending.utf8.allSatisfy(Self.isLowercaseHexDigit) else { return nil }
    let split = ending.index(ending.endIndex, offsetBy: -8)
    guard let value = UInt32(ending[split...], radix: 16) else { return nil }
    var high: UInt64 = 0
    if split > ending.startIndex {
      guard ending.first != "0", let parsed = UInt64(ending[..<split], radix: 16), parsed < 1 << 32 else {
        return nil
      }
      high = parsed
    }
    return high << 32 | UInt64(unpermute(value) ^ mask(prefix))
  }

  /// Whether `selector` was handed out before registration `next`.
  func wasIssued(_ selector: Selector, before next: UInt64) -> Bool {
    let name = selector.rawValue
    guard let dot = name.lastIndex(of: ".") else { return false }
    let prefix = String(name[...dot])
    guard let number = number(of: name[name.index(after: dot)...], prefix: prefix) else { return false }
    return number < next
  }

  func permute(_ value: UInt32) -> UInt32 {
    var (left, right) = (UInt16(truncatingIfNeeded: value >> 16), UInt16(truncatingIfNeeded: value))
    for key in roundKeys { (left, right) = (right, left ^ Self.round(right, key)) }
    return UInt32(left) << 16 | UInt32(right)
  }

  func unpermute(_ value: UInt32) -> UInt32 {
    var (left, right) = (UInt16(truncatingIfNeeded: value >> 16), UInt16(truncatingIfNeeded: value))
    for key in roundKeys.reversed() { (left, right) = (right ^ Self.round(left, key), left) }
    return UInt32(left) << 16 | UInt32(right)
  }

  /// The round function: any function keeps a Feistel network a permutation;
  /// this one (murmur3's finalizer) spreads each bit of the half over all.
  private static func round(_ half: UInt16, _ key: UInt32) -> UInt16 {
    var mixed = (UInt32(half) << 16 | UInt32(half)) ^ key
    mixed = (mixed ^ (mixed >> 16)) &* 0x85eb_ca6b
    mixed = (mixed ^ (mixed >> 13)) &* 0xc2b2_ae35
    return UInt16(truncatingIfNeeded: mixed ^ (mixed >> 16))
  }

  /// The prefix folded into 32 bits (FNV-1a from the key, then mixed).
  private func mask(_ prefix: String) -> UInt32 {
    var hash = 0x811c_9dc5 ^ prefixKey
    for byte in prefix.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    hash = (hash ^ (hash >> 16)) &* 0x85eb_ca6b
    return hash ^ (hash >> 13)
  }

  private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}
