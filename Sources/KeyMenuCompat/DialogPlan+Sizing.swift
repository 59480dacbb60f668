import KeyMenuProtocol

/// What the programs' numbers and buttons become in a plan: a dialog
/// box's buttons in dialog's order, a list's page, whiptail's
/// `--scrolltext` page, dialog's `--timeout`.
extension DialogPlan {
  /// The buttons of a dialog yes/no or message box with `--extra-button` or
  /// `--help-button`, in dialog's order; nil for other boxes, and when
  /// neither is given (a box's own buttons then).
  static func buttonRoles(_ request: DialogRequest, options: DialogOptions, flavor: CompatFlavor)
    -> [DialogButtonRole]?
  {
    let yesNo: Bool
    switch request {
    case .yesNo: yesNo = true
    case .messageBox where !(flavor == .whiptail && options.scrollText): yesNo = false
    default: return nil
    }
    guard flavor == .dialog, options.extraButton || options.helpButton else {
      return yesNo ? [.ok, .cancel] : [.ok]
    }
    return [.ok] + (options.extraButton ? [.extra] : []) + (yesNo ? [.cancel] : [])
      + (options.helpButton ? [.help] : [])
  }

  /// The items a list shows at once, its page: whiptail's list height (all
  /// the items when 0), dialog's rows shown (``DialogListPage``).
  static func page(_ flavor: CompatFlavor, text: String, size: BoxSize, listHeight: Int, itemCount: Int)
    -> Int
  {
    let rows =
      flavor == .whiptail
      ? (listHeight > 0 ? listHeight : itemCount)
      : DialogListPage.rows(text: text, size: size, listHeight: listHeight, itemCount: itemCount)
    return min(max(rows, 1), ChoiceListShowParams.maximumItems)
  }

  /// The lines whiptail's `--scrolltext` pages by: the box's height less 6
  /// (6 in a 12-row box, measured), within what a text box takes.
  static func scrollPage(_ size: BoxSize) -> Int? {
    size.height > 0 ? min(max(size.height - 6, 1), 100) : nil
  }

  /// dialog's `--timeout` in milliseconds, a day at most (the seconds a
  /// script gives may be any number).
  static func timeout(_ options: DialogOptions) -> Int? {
    options.timeoutSeconds.flatMap { $0 > 0 ? min($0, 86_400) * 1000 : nil }
  }

  /// dialog's `--timeout` for a list: idle time, as the list's own (capped at its day).
  static func listTimeout(_ options: DialogOptions) -> Int? {
    timeout(options).map { min($0, MenuOpenParams.longestTimeoutMilliseconds) }
  }
}
