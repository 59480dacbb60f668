import KeyMenuProtocol

/// Which way a modal's text runs, for laying its panel out mirrored.
enum WritingDirection {
  /// Whether the modal's first letter (of its title, else its text, else
  /// its first item or choice) is of a right-to-left script.
  static func isRightToLeft(_ picture: ModalPicture) -> Bool {
    let texts = [
      picture.menu?.title ?? picture.title, picture.text ?? "", picture.menu?.items.first?.title ?? "",
      picture.choices?.items.first?.text ?? "",
    ]
    for text in texts {
      for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
        return rightToLeftRanges.contains { $0.contains(scalar.value) }
      }
    }
    return false
  }

  /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their
  /// presentation forms; the right-to-left scripts of the other planes.
  private static let rightToLeftRanges: [ClosedRange<UInt32>] = [
    0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
  ]
}
