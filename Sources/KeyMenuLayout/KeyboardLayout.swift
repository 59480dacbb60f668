internal import CXKBCommon
internal import Glibc
public import KeyMenuCore

/// A compiled keymap for a ``KeyboardLayoutSpec``, and the compose table
/// of the locale, ready to make one ``LayoutState`` per device.
///
/// Compiles through libxkbcommon with the system's XKB data
/// (`/usr/share/X11/xkb`, package xkb-data). The context ignores the
/// `XKB_DEFAULT_*` environment variables: the spec alone decides.
///
/// One of the C-boundary files of this module: it owns the xkb context,
/// keymap and compose table and frees them when it goes. Not `Sendable`:
/// xkbcommon's reference counts are not atomic, so a layout and the states
/// made from it stay on the thread that made them.
public final class KeyboardLayout {
  /// The layout that was compiled.
  public let spec: KeyboardLayoutSpec
  /// What xkbcommon logged while compiling that did not stop it, such as an
  /// option it does not know.
  public let warnings: [String]
  /// The locale whose compose table was loaded, or nil when none was:
  /// then dead keys and the Compose key type nothing.
  public let composeLocale: String?
  /// The names of the keymap's layouts (groups), such as `German (no dead keys)`.
  public let layoutNames: [String]

  private let context: OpaquePointer
  let keymap: OpaquePointer
  let composeTable: OpaquePointer?

  /// Compiles `spec` and loads the first compose table of `composeLocales`
  /// that exists (none when the list is empty).
  ///
  /// - Throws: ``KeyboardLayoutError`` naming the layout when xkbcommon
  ///   cannot compile it, such as an unknown layout `"xx"`.
  public init(
    _ spec: KeyboardLayoutSpec,
    composeLocales: [String] = ComposeLocale.candidates()
  ) throws(KeyboardLayoutError) {
    guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
      throw KeyboardLayoutError(.contextUnavailable, spec: spec)
    }
    let (compiled, messages) = Self.logging(context) { Self.compile(spec, in: context) }
    guard let keymap = compiled else {
      xkb_context_unref(context)
      throw KeyboardLayoutError(.keymapDidNotCompile, spec: spec, details: messages)
    }
    self.warnings = messages
    var table: OpaquePointer?
    var loaded: String?
    for locale in composeLocales {
      // A locale without a table is expected (the next one is tried): its messages are dropped.
      table =
        Self.logging(context) {
          xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
        }.0
      if table != nil {
        loaded = locale
        break
      }
    }
    self.spec = spec
    self.context = context
    self.keymap = keymap
    self.composeTable = table
    self.composeLocale = loaded
    self.layoutNames = (0..<xkb_keymap_num_layouts(keymap)).compactMap { index in
      xkb_keymap_layout_get_name(keymap, index).map { String(cString: $0) }
    }
  }

  deinit {
    if let composeTable { xkb_compose_table_unref(composeTable) }
    xkb_keymap_unref(keymap)
    xkb_context_unref(context)
  }

  /// The keymap of `spec`, or nil when it does not compile.
  private static func compile(_ spec: KeyboardLayoutSpec, in context: OpaquePointer) -> OpaquePointer? {
    // Empty strings and nil both mean xkbcommon's default.
    let fields = [spec.rules, spec.model, spec.layout, spec.variant, spec.options].map { value in
      value.flatMap { $0.isEmpty ? nil : strdup($0) }
    }
    defer { for field in fields { free(field) } }
    var names = xkb_rule_names(
      rules: fields[0], model: fields[1], layout: fields[2], variant: fields[3], options: fields[4])
    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
  }

  /// Runs `body` with the context's error messages collected
  /// instead of written to stderr; afterwards the context drops its messages.
  private static func logging<Result>(
    _ context: OpaquePointer, _ body: () -> Result
  ) -> (Result, [String]) {
    let log = UnsafeMutablePointer<keymenu_xkb_log>.allocate(capacity: 1)
    defer { log.deallocate() }
    keymenu_xkb_capture_log(context, log, XKB_LOG_LEVEL_ERROR)
    let result = body()
    let messages = Self.messages(log)
    keymenu_xkb_capture_log(context, nil, XKB_LOG_LEVEL_CRITICAL)
    return (result, messages)
  }

  /// The collected messages, one element per line.
  private static func messages(_ log: UnsafeMutablePointer<keymenu_xkb_log>) -> [String] {
    String(cString: keymenu_xkb_log_text(log)).split(whereSeparator: \.isNewline).compactMap { line in
      let trimmed = line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
      return trimmed.isEmpty ? nil : String(trimmed)
    }
  }
}

@available(*, unavailable, message: "xkbcommon objects belong to one thread")
extension KeyboardLayout: Sendable {}
