import Foundation
import Testing

@testable import CareStore

/// How a sample row keeps an `HKDevice` description (docs/health-export.md, "How the store keeps an export"): the
/// text without its object address, shared by every sample of that device, and the address as a number — or, when
/// the address would not print back the same, the whole text and no address. Either way the text comes back exact.
@Suite("Health device text: template and address")
struct HealthDeviceTextTests {
    static let watch =
        "<<HKDevice: 0x6e2b18928>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6>"

    /// `text` split, then joined again (compared byte for byte by the tests: `==` on strings would let a canonically
    /// equivalent text pass).
    static func roundTrip(_ text: String) -> String {
        let split = HealthDeviceText.split(text)
        return HealthDeviceText.joined(template: split.template, address: split.address)
    }

    @Test(
        "a device text as the Health app writes it splits into the text without its address and the address, and joins back exactly"
    )
    func normalText() {
        let split = HealthDeviceText.split(Self.watch)
        #expect(
            split.template
                == "<<HKDevice: 0x>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,10, software:10.6>"
        )
        #expect(split.address == 0x6e2b18928)
        #expect(Array(Self.roundTrip(Self.watch).utf8) == Array(Self.watch.utf8))
    }

    @Test("two texts that differ only in the address share one template and keep their own addresses")
    func addressesDiffer() {
        let other = Self.watch.replacingOccurrences(of: "0x6e2b18928", with: "0x281f4c3a0")
        let first = HealthDeviceText.split(Self.watch)
        let second = HealthDeviceText.split(other)
        #expect(first.template == second.template)
        #expect(first.address != second.address)
        #expect(Array(Self.roundTrip(other).utf8) == Array(other.utf8))
    }

    @Test(
        "a text whose address would not print back the same is kept whole, without an address, and joins back exactly",
        arguments: [
            "<<HKDevice: 0x6E2B18928>, name:Apple Watch>",  // upper-case hex
            "<<HKDevice: 0x0ab>, name:Apple Watch>",  // a leading zero
            "<<HKDevice: 0x0123456789abcdef>, name:Apple Watch>",  // 16 digits
            "<<HKDevice: 0x123456789abcdef01>, name:Apple Watch>",  // 17 digits
            "<<HKDevice: 0x6e2b18928, name:Apple Watch>",  // no `>` after the digits
            "<<HKDevice: 0x6e2b18928",  // the digits end the text
            "<<HKDevice: 0x>, name:Apple Watch>",  // no digits
            "<<HKDevice: 0x",  // the prefix alone
            "name:Apple Watch, model:Watch",  // no prefix at all
            "<HKDevice: 0x6e2b18928>, name:Apple Watch>",  // half the prefix
            "",
        ])
    func keptWhole(_ text: String) {
        let split = HealthDeviceText.split(text)
        #expect(split.template == text)
        #expect(split.address == nil)
        #expect(Array(Self.roundTrip(text).utf8) == Array(text.utf8))
    }

    @Test("15 hex digits, the most kept as a number, still split")
    func fifteenDigits() {
        let text = "<<HKDevice: 0xfffffffffffffff>, name:Apple Watch>"
        let split = HealthDeviceText.split(text)
        #expect(split.address == 0xfff_ffff_ffff_ffff)
        #expect(Array(Self.roundTrip(text).utf8) == Array(text.utf8))
    }

    @Test("non-ASCII text after the address splits and joins back exactly")
    func nonASCIIAfterAddress() {
        let text = "<<HKDevice: 0x3035d1db0>, name:Jürgen’s Watch, manufacturer:Apple Inc., model:Watch>"
        let split = HealthDeviceText.split(text)
        #expect(split.template == "<<HKDevice: 0x>, name:Jürgen’s Watch, manufacturer:Apple Inc., model:Watch>")
        #expect(split.address == 0x3035d1db0)
        #expect(Array(Self.roundTrip(text).utf8) == Array(text.utf8))
        // A combining mark right after the `>` makes one character of the two; the cut still falls before it.
        let combining = "<<HKDevice: 0x1a>\u{301}, name:Watch>"
        #expect(HealthDeviceText.split(combining).address == 0x1a)
        #expect(Array(Self.roundTrip(combining).utf8) == Array(combining.utf8))
    }

    @Test("the address 0x0 alone is an address: it prints back as written")
    func zeroAddress() {
        let text = "<<HKDevice: 0x0>, name:Apple Watch>"
        let split = HealthDeviceText.split(text)
        #expect(split.template == "<<HKDevice: 0x>, name:Apple Watch>")
        #expect(split.address == 0)
        #expect(Array(Self.roundTrip(text).utf8) == Array(text.utf8))
    }

    @Test("a template that does not begin with the prefix is given back as it is, whatever the address")
    func joinedWithoutPrefix() {
        #expect(HealthDeviceText.joined(template: "name:Apple Watch", address: 26) == "name:Apple Watch")
        #expect(
            HealthDeviceText.joined(template: "<<HKDevice: 0x>, name:X>", address: nil) == "<<HKDevice: 0x>, name:X>")
    }
}
