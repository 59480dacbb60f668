import Testing

@testable import KeyMenuServer

@Suite struct ConnectionSharesTests {
  @Test func aUserGetsItsShareAndNoMore() {
    var shares = ConnectionShares(maximumTotal: 10, maximumPerUser: 3)
    for _ in 0..<3 { #expect(shares.admit(uid: 65534) == .admitted) }
    #expect(shares.admit(uid: 65534) == .refusedShare(firstInBurst: true))
    #expect(shares.admit(uid: 65534) == .refusedShare(firstInBurst: false))
    #expect(shares.admit(uid: 1) == .admitted, "another uid is not affected")
    #expect(shares.admit(uid: 0) == .admitted, "nor is root")
    #expect(shares.connections(of: 65534) == 3)
    #expect(shares.total == 5)
  }

  @Test func rootIsBoundedByTheTotalOnly() {
    var shares = ConnectionShares(maximumTotal: 5, maximumPerUser: 2)
    for _ in 0..<5 { #expect(shares.admit(uid: 0) == .admitted) }
    #expect(shares.admit(uid: 0) == .refusedTotal(firstInBurst: true))
    #expect(shares.admit(uid: 7) == .refusedTotal(firstInBurst: false))
    #expect(shares.release(uid: 0) == [ConnectionShares.BurstEnded(uid: nil, refused: 2)])
    #expect(shares.admit(uid: 7) == .admitted)
  }

  @Test func aBurstEndsWhenTheUserIsBackUnderItsShare() {
    var shares = ConnectionShares(maximumTotal: 10, maximumPerUser: 2)
    #expect(shares.admit(uid: 9) == .admitted)
    #expect(shares.admit(uid: 9) == .admitted)
    for _ in 0..<4 { _ = shares.admit(uid: 9) }
    #expect(shares.release(uid: 9) == [ConnectionShares.BurstEnded(uid: 9, refused: 4)])
    #expect(shares.release(uid: 9) == [], "reported once")
    #expect(shares.admit(uid: 9) == .admitted)
    #expect(shares.admit(uid: 9) == .admitted)
    #expect(shares.admit(uid: 9) == .refusedShare(firstInBurst: true), "a new burst is logged again")
  }

  @Test func releasingAnUnknownConnectionChangesNothing() {
    var shares = ConnectionShares(maximumTotal: 2, maximumPerUser: 1)
    #expect(shares.release(uid: 5) == [])
    #expect(shares.total == 0)
    #expect(shares.admit(uid: 5) == .admitted)
    #expect(shares.release(uid: 5) == [])
    #expect(shares.connections(of: 5) == 0)
  }
}
