import Foundation

/// Phone numbers in a care file (docs/care-plans.md, "Phone numbers"): E.164 ("+14155550123"), or a number as written
/// in its country ("(415) 555-0123" with country US), which is turned into E.164 with the country's calling code.
enum PhoneNumber {
    /// ITU-T E.164 country calling codes by ISO 3166-1 alpha-2 code: the countries a care file may name. A number of
    /// another country is written in E.164.
    static let callingCodes: [String: String] = [
        "US": "1", "CA": "1", "GB": "44", "IE": "353", "FR": "33", "DE": "49", "NL": "31", "BE": "32", "LU": "352",
        "CH": "41", "AT": "43", "IT": "39", "ES": "34", "PT": "351", "DK": "45", "SE": "46", "NO": "47", "FI": "358",
        "IS": "354", "PL": "48", "CZ": "420", "SK": "421", "HU": "36", "GR": "30", "TR": "90", "IL": "972",
        "AE": "971", "SA": "966", "EG": "20", "ZA": "27", "NG": "234", "KE": "254", "IN": "91", "PK": "92",
        "BD": "880", "CN": "86", "HK": "852", "TW": "886", "JP": "81", "KR": "82", "SG": "65", "MY": "60", "TH": "66",
        "VN": "84", "ID": "62", "PH": "63", "AU": "61", "NZ": "64", "MX": "52", "BR": "55", "AR": "54", "CL": "56",
        "CO": "57", "PE": "51",
    ]

    /// Countries whose national numbers keep their leading 0 in international form (Italy's fixed lines).
    private static let keepsLeadingZero: Set<String> = ["IT"]

    /// The E.164 form of `written`, or why it is not a phone number. Without `country`, `written` must already be
    /// E.164: "+", then 7 to 15 digits, the first not 0.
    static func e164(_ written: String, country: String?) -> Result<String, Refusal> {
        guard let country else {
            guard isE164(written) else {
                return .failure(
                    Refusal(
                        reason: "\"\(written)\" is not an E.164 number (\"+\" and 7 to 15 digits, e.g. +14155550123); "
                            + "write it as { number: …, country: US } to give it as written in its country"))
            }
            return .success(written)
        }
        guard let code = callingCodes[country] else {
            return .failure(
                Refusal(
                    reason: "unknown country \"\(country)\" (an ISO 3166 code such as US, GB, JP, CN; "
                        + "for another country write the number in E.164)"))
        }
        let allowed = Set("0123456789 -.()/")
        var text = written.trimmingCharacters(in: .whitespaces)
        let international = text.hasPrefix("+")
        if international { text.removeFirst() }
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }) else {
            return .failure(
                Refusal(reason: "\"\(written)\" holds characters a phone number does not (digits, spaces, - . ( ) /)"))
        }
        var digits = text.filter(\.isNumber)
        if international {
            guard digits.hasPrefix(code) else {
                return .failure(
                    Refusal(reason: "\"\(written)\" does not start with \(country)'s calling code +\(code)"))
            }
            digits.removeFirst(code.count)
        } else if code == "1" {
            if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        } else if digits.hasPrefix("0"), !keepsLeadingZero.contains(country) {
            digits.removeFirst()
        }
        if code == "1" {
            guard digits.count == 10, let first = digits.first, first != "0", first != "1" else {
                return .failure(
                    Refusal(reason: "\"\(written)\" is not a \(country) number (an area code and 7 digits)"))
            }
        }
        let candidate = "+" + code + digits
        guard digits.count >= 4, isE164(candidate) else {
            return .failure(
                Refusal(
                    reason: "\"\(written)\" is not a \(country) number (too \(digits.count < 4 ? "short" : "long"))"))
        }
        return .success(candidate)
    }

    /// Whether `text` is E.164: "+", then 7 to 15 digits, the first not 0.
    static func isE164(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 8, utf8.count <= 16, utf8[0] == UInt8(ascii: "+"), utf8[1] != UInt8(ascii: "0") else {
            return false
        }
        return utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Why a number was refused, worded for "place: reason".
    struct Refusal: Error, Sendable, Hashable {
        var reason: String
    }
}
