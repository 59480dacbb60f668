import KeyMenuPluginAPI
import Testing

@testable import KeyMenuRouting

/// The names' last part: a keyed permutation of the registration number.
@Suite struct SelectorNumberingTests {
  let numbering = SelectorNumbering(random: { 0x7c1e_09a4 })

  @Test func thePermutationIsOneToOneAndReversible() {
    var seen: Set<UInt32> = []
    for value in UInt32(0)..<70_000 {
      let permuted = numbering.permute(value)
      #expect(seen.insert(permuted).inserted)
      #expect(numbering.unpermute(permuted) == value)
    }
    #expect(numbering.unpermute(numbering.permute(.max)) == .max)
  }

  @Test(arguments: [0, 1, 41, 0xffff_ffff, 1 << 32, (1 << 32) + 5, 0xabc_1234_5678] as [UInt64])
  func endingsLeadBackToTheirNumber(_ number: UInt64) {
    let ending = numbering.ending(of: number, prefix: "menu.play.")
    #expect(ending.count == (number >> 32 == 0 ? 8 : 8 + String(number >> 32, radix: 16).count))
    #expect(numbering.number(of: ending[...], prefix: "menu.play.") == number)
  }

  @Test func consecutiveNumbersDoNotLookConsecutive() {
    let endings = (0..<4).map { numbering.ending(of: $0, prefix: "menu.play.") }
    #expect(Set(endings.map { $0.prefix(4) }).count == 4, "\(endings)")
  }

  @Test func issuedNamesAreToldFromMadeUpOnes() {
    let issued = Selector("menu.play." + numbering.ending(of: 3, prefix: "menu.play."))
    #expect(numbering.wasIssued(issued, before: 4))
    #expect(!numbering.wasIssued(issued, before: 3))
    for name in [
      "menu.play", "menu.play.", "menu.play.1234567", "menu.play.ABCDEF01", "menu.play.0abcdef012",
      "nodot",
    ] {
      #expect(!numbering.wasIssued(Selector(name), before: 1 << 40), "\(name)")
    }
  }
}
