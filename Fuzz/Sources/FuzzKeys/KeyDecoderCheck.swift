import FuzzSupport
import KeyMenuCore
import KeyMenuEvdev

/// Feeds the records to `KeyDecoder` as the input loop does (consecutive
/// events of one device in one `decode` call, as a read returns them) and
/// to ``KeyModel`` one by one, and checks after every call that:
///
/// - the decoder emitted exactly the model's key events (code, libevdev's
///   name, action, modifiers, device, time, synthetic);
/// - each device's held keys and the combined modifier set are the model's;
/// - once every device is removed, nothing is held and no modifier is stuck.
enum KeyDecoderCheck {
  static let names = KeyNameTable.libevdev
  /// The devices a record can name.
  static let devices = (1...4).map { DeviceID(UInt32($0)) }

  static func run(_ bytes: [UInt8]) {
    var reader = ByteReader(bytes)
    var records: [KeyRecord] = []
    while !reader.isAtEnd { records.append(KeyRecord(from: &reader)) }
    var decoder = KeyDecoder(names: names)
    var model = KeyModel()
    var index = 0
    while index < records.count {
      let record = records[index]
      var output: [KeyEvent] = []
      var expected: [KeyModel.Emitted] = []
      switch record.operation {
      case .read, .resync:
        let synthetic = record.operation == .resync
        var batch: [RawEvent] = []
        while index < records.count, records[index].device == record.device,
          records[index].operation == record.operation
        {
          batch.append(records[index].event)
          expected += model.apply(records[index].event, device: record.device, synthetic: synthetic)
          index += 1
        }
        decoder.decode(batch, from: record.device, synthetic: synthetic, into: &output)
      case .reconcile:
        decoder.reconcile(record.device, stillHeld: record.stillHeld, at: record.event.time, into: &output)
        expected = model.reconcile(record.device, stillHeld: record.stillHeld, at: record.event.time)
        index += 1
      case .remove:
        decoder.removeDevice(record.device, at: record.event.time, into: &output)
        expected = model.remove(record.device, at: record.event.time)
        index += 1
      }
      compare(output, expected, decoder: decoder, model: model)
    }
    var output: [KeyEvent] = []
    for device in model.held.keys.sorted() {
      decoder.removeDevice(device, at: .zero, into: &output)
      _ = model.remove(device, at: .zero)
    }
    fuzzCheck(decoder.modifiers.isEmpty, "modifiers \(decoder.modifiers.names) stuck after every device went")
    for device in devices {
      fuzzCheck(decoder.heldKeys(of: device).isEmpty, "device \(device) still holds keys after removal")
    }
  }

  static func compare(
    _ output: [KeyEvent], _ expected: [KeyModel.Emitted], decoder: KeyDecoder, model: KeyModel
  ) {
    let got = output.map {
      KeyModel.Emitted(
        code: $0.code.rawValue, action: $0.action, modifiers: $0.modifiers, device: $0.device, time: $0.time,
        synthetic: $0.isSynthetic)
    }
    fuzzCheck(got == expected, "decoder emitted \(got), the model \(expected)")
    for event in output {
      fuzzCheck(event.name == names.name(of: event.code), "\(event.code.rawValue) named \(event.name)")
    }
    fuzzCheck(
      decoder.modifiers == model.modifiers, "modifiers \(decoder.modifiers) != model \(model.modifiers)")
    for device in devices {
      let held = decoder.heldKeys(of: device).map(\.rawValue)
      let keys = (model.held[device] ?? []).sorted()
      fuzzCheck(held == keys, "device \(device) holds \(held), the model \(keys)")
    }
  }
}
