import KeyMenuConfig
import KeyMenuCore
import Testing

@Suite struct DeviceSelectionTests {
  let logitech = DeviceIdentity(
    path: "/dev/input/event3", name: "Logitech USB Keyboard", phys: "usb-0000:00:14.0-2/input0",
    vendor: 0x046d, product: 0xc31c)
  let remote = DeviceIdentity(path: "/dev/input/event5", name: "gpio_ir_recv", phys: "gpio_ir_recv/input0")
  let mouse = DeviceIdentity(
    path: "/dev/input/event7", name: "Logitech USB Mouse", vendor: 0x046d, product: 0xc077)

  @Test func withoutIncludeRulesEveryKeyboardLikeDevice() {
    let selection = DeviceSelection()
    #expect(selection.accepts(logitech, keyboardLike: true))
    #expect(!selection.accepts(mouse, keyboardLike: false))
  }

  @Test func includeRulesTakeMatchingDevicesEvenIfNotKeyboardLike() throws {
    let selection = try load("[[devices.include]]\nname = \"*Mouse*\"").devices
    #expect(selection.accepts(mouse, keyboardLike: false))
    #expect(!selection.accepts(logitech, keyboardLike: true))
  }

  @Test func globsMatchNameAndPhys() {
    #expect(DeviceMatch(name: "Logitech*").matches(logitech))
    #expect(!DeviceMatch(name: "Logitech").matches(logitech))
    #expect(DeviceMatch(name: "gpio_ir_rec?").matches(remote))
    #expect(DeviceMatch(phys: "usb-*-2/*").matches(logitech))
    #expect(!DeviceMatch(phys: "usb-*-3/*").matches(logitech))
  }

  @Test func vendorProductMatchesBothIds() throws {
    let ids = try #require(DeviceMatch.VendorProduct(parsing: "046D:c31c"))
    let match = DeviceMatch(vendorProduct: ids)
    #expect(match.matches(logitech))
    #expect(!match.matches(mouse))
    #expect(DeviceMatch.VendorProduct(parsing: "46d:1")?.description == "046d:0001")
  }

  @Test func everyGivenFieldMustMatch() {
    #expect(DeviceMatch(name: "Logitech*", phys: "usb-*").matches(logitech))
    #expect(!DeviceMatch(name: "Logitech*", phys: "usb-*").matches(mouse))  // mouse has no phys
  }

  @Test func excludeWinsOverInclude() throws {
    let selection = try load(
      """
      [devices]
      include = [{ name = "Logitech*" }, { name = "gpio*" }]
      exclude = [{ vendor_product = "046d:c077" }]
      """
    ).devices
    #expect(selection.accepts(logitech, keyboardLike: true))
    #expect(selection.accepts(remote, keyboardLike: true))
    #expect(!selection.accepts(mouse, keyboardLike: true))
    #expect(!DeviceSelection(exclude: [DeviceMatch(name: "*")]).accepts(logitech, keyboardLike: true))
  }
}
