import KeyMenuCore
import KeyMenuProtocol

extension DispatchHarness {
  /// Who a client is: its tier, and whether it is an external plugin.
  enum Slot: Int, CaseIterable, Comparable {
    case admin, drive, observe, plugin

    var tier: Tier {
      switch self {
      case .admin: .admin
      case .drive, .plugin: .drive
      case .observe: .observe
      }
    }
    var uid: UInt32 { UInt32(1000 + rawValue) }
    var pluginName: String? { self == .plugin ? "fuzz" : nil }

    static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Keys a step may press: answer keys, arrows, hotkeys, letters and digits.
  static let keys: [KeyCode] = [
    .enter, .escape, .up, .down, .left, .right, .ok, .select, .back, .exit, .keypadEnter, KeyCode(139),
    KeyCode(102), KeyCode(59), KeyCode(2), KeyCode(3), KeyCode(4), KeyCode(30), KeyCode(50), KeyCode(25),
    KeyCode(19), KeyCode(20), KeyCode(14), KeyCode(15), KeyCode(57), KeyCode(116),
  ]
  /// Modifiers a step may hold: left Ctrl, left Alt, left Shift, AltGr, left Meta.
  static let modifiers: [KeyCode] = [.leftCtrl, .leftAlt, .leftShift, .rightAlt, .leftMeta]
}
