public import KeyMenuProtocol

/// How a plan reads the daemon's answer back as the box's outcome: the
/// alert's button by its role, a prompt's text, a list's marks or pick
/// mapped back to the script's tags.
extension DialogPlan {
  /// The outcome an answer (the request's result) stands for; nil when
  /// the answer does not read as one (a daemon speaking another protocol).
  public func outcome(_ result: JSONValue) -> DialogOutcome? {
    let outcome = answer(result)
    return escapeIsCancel && outcome == .escaped ? .cancelled : outcome
  }

  /// The outcome of the box's answer, Esc as Esc.
  func answer(_ result: JSONValue) -> DialogOutcome? {
    switch reading {
    case .alert(let roles):
      guard let answer = try? result.decoded(as: AlertShowResult.self) else { return nil }
      guard answer.reason == "key" || answer.reason == "action", let button = answer.button,
        roles.indices.contains(button)
      else { return .escaped }
      switch roles[button] {
      case .ok: return .accepted(.nothing)
      case .cancel: return .cancelled
      case .extra: return .extra(.nothing)
      case .help: return .help(.nothing)
      }
    case .prompt:
      guard let answer = try? result.decoded(as: PromptShowResult.self) else { return nil }
      switch answer {
      case .text(let text): return .accepted(.text(text))
      case .cancelled(let reason): return reason == PromptShowResult.cancel ? .cancelled : .escaped
      }
    case .end:
      guard let answer = try? result.decoded(as: DialogEndResult.self) else { return nil }
      if case .closed = answer { return .accepted(.nothing) }
      return .escaped
    case .list(let tags, let radio):
      let reason: String
      if radio {
        guard let answer = try? result.decoded(as: RadiolistShowResult.self) else { return nil }
        switch answer {
        case .marked(let index, _):
          guard let index, tags.indices.contains(index) else { return .accepted(.nothing) }
          return .accepted(.tag(tags[index]))
        case .cancelled(let why): reason = why
        }
      } else {
        guard let answer = try? result.decoded(as: ChecklistShowResult.self) else { return nil }
        switch answer {
        case .marked(let indices, _):
          return .accepted(.tags(indices.filter(tags.indices.contains).map { tags[$0] }))
        case .cancelled(let why): reason = why
        }
      }
      return reason == ChoiceListReason.cancel ? .cancelled : .escaped
    case .shown:
      guard result["id"]?.stringValue != nil else { return nil }
      return .accepted(.nothing)
    case .pick(let tags):
      guard let answer = try? result.decoded(as: PicklistShowResult.self) else { return nil }
      switch answer {
      case .chosen(let index, _):
        guard tags.indices.contains(index) else { return nil }
        return .accepted(.tag(tags[index]))
      case .cancelled(let reason): return reason == ChoiceListReason.cancel ? .cancelled : .escaped
      }
    }
  }
}
