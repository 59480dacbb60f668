/// Reads a whiptail or dialog command line into a ``DialogInvocation``,
/// the way newt's whiptail reads it through popt.
///
/// Hand-written on purpose: swift-argument-parser cannot express this
/// form. A box option (`--menu`) takes no value of its own; the box's
/// text, height, width, list height and `tag item` pairs are positional
/// arguments gathered from anywhere on the line (`whiptail --menu Pick 15
/// 40 4 a Apple b Banana --title T` is valid), their number depends on the
/// box and on other flags (`--noitem` drops a column of a checklist), and
/// everything after `--` is positional, including words that look like
/// options. Values may also be attached (`--title=T`).
public struct DialogArgumentParser: Sendable {
  /// Whose options and error rules apply.
  public let flavor: CompatFlavor

  /// A parser for `flavor`.
  public init(flavor: CompatFlavor) { self.flavor = flavor }

  /// Parses the arguments after the program name.
  public func parse(_ arguments: [String]) throws(DialogUsageError) -> DialogInvocation {
    let table = DialogOptionTable.table(for: flavor)
    var options = DialogOptions()
    var box: String?
    var positionals: [String] = []
    var help = false
    var version = false
    var unsupported: String?
    var index = 0
    var literal = false

    func next(for option: String, inline: inout String?) throws(DialogUsageError) -> String {
      if let value = inline {
        inline = nil
        return value
      }
      guard index < arguments.count else { throw DialogUsageError(.badValue(option: option), flavor: flavor) }
      defer { index += 1 }
      return arguments[index]
    }

    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // dialog takes only `--` and a letter as an option: `-1` (a size),
      // `-5` (an input box's text) are arguments.
      let positional =
        flavor == .dialog
        ? !(argument.hasPrefix("--") && argument.dropFirst(2).first?.isLetter == true) && argument != "--"
        : argument == "-" || !argument.hasPrefix("-")
      if literal || positional {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        literal = true
        continue
      }
      guard argument.hasPrefix("--") else {
        // Short options: -h and -v only, as whiptail's.
        for letter in argument.dropFirst() {
          switch letter {
          case "h": help = true
          case "v": version = true
          default:
            if help || version { break }
            throw DialogUsageError(.unknownOption(argument), flavor: flavor)
          }
        }
        continue
      }
      let body = argument.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      var inline: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      let option = "--" + name
      guard let kind = table[name] else {
        // whiptail ends at the first bad option, after a --help or --version before it.
        if help || version { break }
        throw DialogUsageError(.unknownOption(option), flavor: flavor)
      }
      switch kind {
      case .box:
        if box != nil {
          if flavor == .dialog {
            unsupported = unsupported ?? "more than one box (chained boxes)"
          } else {
            throw DialogUsageError(.usage("only one box option may be given"), flavor: flavor)
          }
        }
        box = name
      case .otherBox, .unsupported:
        unsupported = unsupported ?? option
        if case .otherBox = kind { box = box ?? name }
      case .flag(let flag):
        apply(flag, to: &options)
      case .value(let value):
        let text = try next(for: option, inline: &inline)
        try apply(value, text, option: option, to: &options)
      case .ignored(let count):
        for _ in 0..<count { _ = try next(for: option, inline: &inline) }
      case .help:
        help = true
      case .version:
        version = true
      }
    }

    if help { return .help }
    if version { return .version }
    if let unsupported { return .unsupported(unsupported) }
    guard let box else {
      throw DialogUsageError(.usage("no box option (--msgbox, --yesno, --menu, ...)"), flavor: flavor)
    }
    var reader = PositionalReader(arguments: positionals, flavor: flavor)
    let request = try reader.request(
      box: box == "guage" ? "gauge" : box, noItem: options.noItem, itemHelp: options.itemHelp)
    guard options.colors else { return .box(request, options) }
    return .box(
      request.mappingTexts(DialogText.withoutColours), options.mappingTexts(DialogText.withoutColours))
  }

  private func apply(_ flag: DialogOptionTable.Flag, to options: inout DialogOptions) {
    switch flag {
    case .defaultNo: options.defaultNo = true
    case .noCancel: options.noCancel = true
    case .noTags: options.noTags = true
    case .scrollText: options.scrollText = true
    case .itemHelp: options.itemHelp = true
    case .colors: options.colors = true
    case .extraButton: options.extraButton = true
    case .helpButton: options.helpButton = true
    case .noItem: options.noItem = true
    case .separateOutput: options.separateOutput = true
    case .stdout: options.outputDescriptor = 1
    case .stderr: options.outputDescriptor = 2
    case .quoted: options.quoteAll = true
    case .singleQuoted: options.singleQuoted = true
    }
  }

  private func apply(
    _ value: DialogOptionTable.Value, _ text: String, option: String, to options: inout DialogOptions
  ) throws(DialogUsageError) {
    func number() throws(DialogUsageError) -> Int {
      guard let number = Int(text), number >= 0 else {
        throw DialogUsageError(.badValue(option: option), flavor: flavor)
      }
      return number
    }
    switch value {
    case .title: options.title = text
    case .backtitle: options.backtitle = text
    case .yesLabel: options.yesLabel = text
    case .noLabel: options.noLabel = text
    case .okLabel: options.okLabel = text
    case .cancelLabel: options.cancelLabel = text
    case .defaultItem: options.defaultItem = text
    case .outputFD:
      let descriptor = try number()
      guard descriptor <= Int(Int32.max) else {
        throw DialogUsageError(.badValue(option: option), flavor: flavor)
      }
      options.outputDescriptor = Int32(descriptor)
    case .maxInput: options.maximumInput = try number()
    case .timeout: options.timeoutSeconds = try number()
    case .defaultButton:
      let name = text.lowercased()
      guard ["ok", "yes", "cancel", "no", "extra", "help"].contains(name) else {
        throw DialogUsageError(.badValue(option: option), flavor: flavor)
      }
      options.defaultButton = name
    case .outputSeparator: options.outputSeparator = text
    case .extraLabel: options.extraLabel = text
    case .helpLabel: options.helpLabel = text
    }
  }
}
