/// What keymenu does on the HDMI-CEC bus as a playback device, as a pure
/// state machine: it wakes the TV and takes its input for a modal that asks
/// (`wake_tv`), gives the input back once every modal is answered if it took
/// it, follows who the active source is, answers the few messages a
/// follower must, and notices the TV going to standby.
///
/// It sends nothing until the adapter has a physical address (an HDMI link)
/// and a claimed logical address; a wake asked for before then happens when
/// they come, if a modal still wants it.
public struct CECSourceMachine: Sendable {
  /// What happened.
  public enum Input: Sendable, Equatable {
    /// The adapter's state: its physical address (nil: no HDMI link) and
    /// the logical address keymenu claimed (nil: none yet).
    case link(physicalAddress: UInt16?, logicalAddress: UInt8?)
    /// A modal that wakes the TV came in front.
    case wakeWanted
    /// The last modal was answered: nothing is in front.
    case allAnswered
    /// A message from the bus (broadcast, or to keymenu's address).
    case received(CECMessage)
  }

  /// What to do or report.
  public enum Output: Sendable, Equatable {
    /// Send this message.
    case send(CECMessage)
    /// keymenu took the TV's input for a modal (after Image View On and
    /// Active Source; not when its input was shown already).
    case tookInput
    /// keymenu gave the input back (Inactive Source); `previous` is the
    /// source the TV showed before, when it was seen.
    case gaveInputBack(previous: UInt16?)
    /// The active source changed: `physicalAddress` is shown now, keymenu's own when `ours`.
    case activeSource(physicalAddress: UInt16, ours: Bool)
    /// A device (the TV: logical address 0) said <Standby>.
    case standby(initiator: UInt8)
  }

  /// The adapter's physical address; nil without an HDMI link.
  public private(set) var physicalAddress: UInt16?
  /// keymenu's logical address; nil until one is claimed.
  public private(set) var logicalAddress: UInt8?
  /// Whether keymenu is the active source, as far as the bus said.
  public private(set) var isActiveSource = false
  /// Whether keymenu took the input for a modal and has not given it back.
  public private(set) var tookInput = false
  /// The other source last seen active (before keymenu took the input).
  public private(set) var otherActiveSource: UInt16?
  /// A wake asked for before the link and address were there.
  private var wakePending = false

  /// A machine with no link yet.
  public init() {}

  /// Feeds one input; returns what to send and report, in order.
  public mutating func handle(_ input: Input) -> [Output] {
    switch input {
    case .link(let physical, let logical):
      let moved = physical != physicalAddress
      physicalAddress = physical
      logicalAddress = physical == nil ? nil : logical
      if moved || logicalAddress == nil {
        // A new link is a new place on the bus: nothing shown from here yet.
        isActiveSource = false
        tookInput = false
      }
      guard wakePending, address != nil else { return [] }
      return wake()
    case .wakeWanted:
      guard address != nil else {
        wakePending = true
        return []
      }
      return wake()
    case .allAnswered:
      wakePending = false
      guard tookInput, isActiveSource, let (logical, physical) = address else { return [] }
      tookInput = false
      isActiveSource = false
      return [
        .send(.inactiveSource(from: logical, physicalAddress: physical)),
        .gaveInputBack(previous: otherActiveSource),
      ]
    case .received(let message):
      return received(message)
    }
  }

  /// The claimed addresses, when keymenu may send.
  private var address: (logical: UInt8, physical: UInt16)? {
    guard let logicalAddress, let physicalAddress else { return nil }
    return (logicalAddress, physicalAddress)
  }

  private mutating func wake() -> [Output] {
    wakePending = false
    guard let (logical, physical) = address else { return [] }
    // Sent even when keymenu is the active source: the TV may be in standby.
    let sends: [Output] = [
      .send(.imageViewOn(from: logical)), .send(.activeSource(from: logical, physicalAddress: physical)),
    ]
    guard !isActiveSource else { return sends }
    isActiveSource = true
    tookInput = true
    return sends + [.tookInput]
  }

  private mutating func received(_ message: CECMessage) -> [Output] {
    guard let (logical, physical) = address, message.initiator != logical else { return [] }
    let directed = message.destination == logical
    switch message.opcode {
    case .activeSource?:
      guard let shown = message.physicalAddressOperand else { return [] }
      return showing(shown, ours: shown == physical)
    case .setStreamPath?:
      // The TV chose a source; this one becomes active by saying so.
      guard let shown = message.physicalAddressOperand else { return [] }
      guard shown == physical else { return showing(shown, ours: false) }
      let wasActive = isActiveSource
      isActiveSource = true
      let announce = Output.send(.activeSource(from: logical, physicalAddress: physical))
      return wasActive ? [announce] : [announce, .activeSource(physicalAddress: physical, ours: true)]
    case .requestActiveSource?:
      return isActiveSource ? [.send(.activeSource(from: logical, physicalAddress: physical))] : []
    case .standby?:
      isActiveSource = false
      tookInput = false
      return [.standby(initiator: message.initiator)]
    case .giveDevicePowerStatus? where directed:
      return [.send(.reportPowerOn(from: logical, to: message.initiator))]
    case .featureAbort?, .userControlPressed?, .userControlReleased?, .reportPowerStatus?:
      // The kernel turns the remote's keys into input events; the rest needs no answer.
      return []
    default:
      // A follower answers what it does not handle (CEC 1.4 12.3); a poll or a broadcast needs nothing.
      guard directed, message.opcodeByte != nil else { return [] }
      return [.send(.featureAbort(of: message, from: logical))]
    }
  }

  /// Another source (or this one) is active now.
  private mutating func showing(_ shown: UInt16, ours: Bool) -> [Output] {
    if ours {
      guard !isActiveSource else { return [] }
      isActiveSource = true
    } else {
      otherActiveSource = shown
      isActiveSource = false
      tookInput = false
    }
    return [.activeSource(physicalAddress: shown, ours: ours)]
  }
}
