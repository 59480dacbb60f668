import KeyMenuKinds
import KeyMenuPluginAPI
import KeyMenuProtocol
import Testing

/// The modal kinds' catalog: each kind once, with its own methods and prefixes,
/// each method with the tier and answer the kind documents.
@Suite struct ModalKindsTests {
  static let descriptors = ModalKinds.catalog.descriptors

  /// What each kind's plugin declares (their `methods` lists and docs/PROTOCOL.md):
  /// every method needs the drive tier but menu.list (observe: it only reads
  /// the defined menus), and the one that shows what a person answers is
  /// answered later; infobox.show needs no answer.
  static let documented: [String: [String: Bool]] = [
    "alerts": ["alert.show": true, "alert.dismiss": false],
    "menus": [
      "menu.open": true, "menu.append": false, "menu.close": false, "menu.define": false,
      "menu.remove": false,
      "menu.show": true, "menu.list": false,
    ],
    "countdown": ["countdown.start": true, "countdown.stop": false],
    "prompt": ["prompt.show": true, "prompt.dismiss": false],
    "gauge": ["gauge.show": true, "gauge.update": false, "gauge.close": false],
    "textbox": ["textbox.show": true, "textbox.dismiss": false],
    "infobox": ["infobox.show": false, "infobox.dismiss": false],
    "lists": [
      "checklist.show": true, "checklist.dismiss": false, "radiolist.show": true, "radiolist.dismiss": false,
      "picklist.show": true, "picklist.dismiss": false,
    ],
  ]

  static let observeOnly: Set<String> = ["menu.list"]

  @Test func everyKindOnceInStartOrder() {
    #expect(
      Self.descriptors.map(\.name) == [
        "alerts", "menus", "countdown", "prompt", "gauge", "textbox", "infobox", "lists",
      ])
    #expect(Set(Self.descriptors.map(\.name)).count == Self.descriptors.count)
  }

  @Test func noTwoKindsShareAMethodNameOrPrefix() {
    var methodOwner: [String: String] = [:]
    var prefixOwner: [String: String] = [:]
    for descriptor in Self.descriptors {
      #expect(!descriptor.methods.isEmpty, "\(descriptor.name) declares no method")
      for method in descriptor.methods {
        if let other = methodOwner.updateValue(descriptor.name, forKey: method.name) {
          Issue.record("\(method.name) is declared by \(other) and \(descriptor.name)")
        }
        let prefix = String(method.name.prefix { $0 != "." })
        #expect(prefix != method.name, "\(method.name) has no prefix")
        if let other = prefixOwner[prefix], other != descriptor.name {
          Issue.record("the prefix \(prefix) is \(other)'s and \(descriptor.name)'s")
        }
        prefixOwner[prefix] = descriptor.name
      }
    }
    // Every declared method is its kind's in the catalog: none was shadowed.
    for (name, owner) in methodOwner {
      #expect(ModalKinds.catalog.declaredMethods[name]?.plugin == owner, "\(name)")
    }
  }

  @Test func eachMethodsTierAndAnswerAreAsDocumented() {
    for descriptor in Self.descriptors {
      guard let expected = Self.documented[descriptor.name] else {
        Issue.record("\(descriptor.name) is not documented here")
        continue
      }
      let declared = Dictionary(uniqueKeysWithValues: descriptor.methods.map { ($0.name, $0) })
      #expect(Set(declared.keys) == Set(expected.keys), "\(descriptor.name)")
      for (name, answeredLater) in expected {
        guard let method = declared[name] else { continue }
        let tier: Tier = Self.observeOnly.contains(name) ? .observe : .drive
        #expect(method.tier == tier, "\(name)")
        #expect(method.answeredLater == answeredLater, "\(name)")
        #expect(ModalKinds.catalog.methodTiers[name] == tier, "\(name)")
      }
    }
  }

  @Test func noKindTakesOverAProtocolMethod() {
    for descriptor in Self.descriptors {
      for method in descriptor.methods {
        #expect(MethodCatalog.methods[method.name] == nil, "\(method.name) is the protocol's")
      }
    }
  }

  @Test func kindsNotificationsAreTopicsForObservers() {
    for topic in Self.descriptors.flatMap(\.notifications).map(\.topic) {
      #expect(ModalKinds.catalog.topics[topic] != nil, "\(topic)")
    }
  }
}
