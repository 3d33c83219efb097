package import Foundation

/// A BCP 47 language tag (RFC 5646), such as `en`, `ja`, `zh-Hans` or `zh-Hant-TW`, checked for well-formedness and
/// written in the RFC's recommended case: language lowercase, script title case, region uppercase (docs/languages.md).
package struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The subtags, in canonical case.
    package let subtags: [String]

    /// The tag written with hyphens (`zh-Hant-TW`).
    package var description: String { subtags.joined(separator: "-") }

    /// The primary language subtag (`zh`).
    package var language: String { subtags[0] }

    /// Reads a well-formed tag (any case, hyphen-separated); nil for anything else (`en_US`, `english!`, `x`).
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let canonical = Self.wellFormed(parts) else { return nil }
        subtags = canonical
    }

    /// The tag of a POSIX locale name as `LC_ALL`, `LC_MESSAGES` and `LANG` hold it: `ja_JP.UTF-8` → `ja-JP`,
    /// `sr_RS@latin` → `sr-RS`; nil for `C`, `POSIX` and what is not a tag.
    package init?(posixLocale: String) {
        var name = Substring(posixLocale)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        guard name != "C", name != "POSIX", !name.isEmpty else { return nil }
        self.init(name.replacingOccurrences(of: "_", with: "-"))
    }

    private init(canonical: [String]) {
        subtags = canonical
    }

    /// Whether the primary language subtag is an ISO 639 code Foundation knows (`ja`, `zh`, `haw`); private use
    /// (`x-…`) and unregistered codes (`qq`, `english`) are not.
    package var isKnownLanguage: Bool {
        Self.knownLanguages.contains(language)
    }

    private static let knownLanguages: Set<String> = Set(
        Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })

    /// The tags RFC 4647 lookup tries after this one, most specific first: `zh-Hant-TW` → `zh-Hant` → `zh` (a
    /// subtag left last after a single-character subtag is dropped with it).
    package var truncations: [LanguageTag] {
        var result: [LanguageTag] = []
        var parts = subtags
        while parts.count > 1 {
            parts.removeLast()
            if parts.count > 1, parts[parts.count - 1].count == 1 { parts.removeLast() }
            result.append(LanguageTag(canonical: parts))
        }
        return result
    }

    /// The tag with its likely script and region added by the Unicode CLDR likely-subtags data, as Foundation's ICU
    /// gives it (`Locale.Language.maximalIdentifier`): `zh-CN` → `zh-Hans-CN`, `zh-TW` → `zh-Hant-TW`, `ja` →
    /// `ja-Jpan-JP`. Nil for a private-use tag and when ICU adds nothing.
    package var likelyExpansion: LanguageTag? {
        guard language != "x" else { return nil }
        let maximal = LanguageTag(Locale.Language(identifier: description).maximalIdentifier)
        return maximal == self ? nil : maximal
    }

    /// The tags lookup tries for this requested tag, in order: the tag itself, its likely expansion and that
    /// expansion's truncations (`zh-CN` → `zh-Hans-CN` → `zh-Hans` → `zh`), then the tag's own RFC 4647 truncations;
    /// each tag once.
    package var lookupCandidates: [LanguageTag] {
        var result = [self]
        let expanded = likelyExpansion.map { [$0] + $0.truncations } ?? []
        for candidate in expanded + truncations where !result.contains(candidate) {
            result.append(candidate)
        }
        return result
    }

    /// RFC 4647 "Lookup" (section 3.4) with CLDR likely subtags: for each requested tag in order, the tag itself,
    /// then the rest of its `lookupCandidates`, are looked for among `available`; the first found is returned, nil
    /// when none is. The expansion is computed only when the tag itself is not available.
    package static func lookup(_ requested: [LanguageTag], in available: some Collection<LanguageTag>) -> LanguageTag? {
        for tag in requested {
            if available.contains(tag) { return tag }
            for candidate in tag.lookupCandidates.dropFirst() where available.contains(candidate) {
                return candidate
            }
        }
        return nil
    }

    package static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool {
        lhs.description < rhs.description
    }

    /// The subtags in canonical case when they form a well-formed `langtag` or private-use tag (RFC 5646, 2.1).
    private static func wellFormed(_ parts: [String]) -> [String]? {
        guard let first = parts.first, parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && isAlphanumeric($0) })
        else { return nil }
        if first.lowercased() == "x" { return privateUse(parts, from: 0) }
        guard isAlpha(first), first.count == 2 || first.count == 3 || (5...8).contains(first.count) else { return nil }
        var result = [first.lowercased()]
        var index = 1
        // up to three extended language subtags after a two- or three-letter language
        var extlangs = 0
        while index < parts.count, first.count <= 3, extlangs < 3, parts[index].count == 3, isAlpha(parts[index]) {
            result.append(parts[index].lowercased())
            index += 1
            extlangs += 1
        }
        if index < parts.count, parts[index].count == 4, isAlpha(parts[index]) {
            result.append(parts[index].prefix(1).uppercased() + parts[index].dropFirst().lowercased())
            index += 1
        }
        if index < parts.count,
            (parts[index].count == 2 && isAlpha(parts[index])) || (parts[index].count == 3 && isDigits(parts[index]))
        {
            result.append(parts[index].uppercased())
            index += 1
        }
        while index < parts.count, isVariant(parts[index]) {
            result.append(parts[index].lowercased())
            index += 1
        }
        while index < parts.count, parts[index].count == 1, parts[index].lowercased() != "x" {
            result.append(parts[index].lowercased())
            index += 1
            let start = index
            while index < parts.count, parts[index].count >= 2 {
                result.append(parts[index].lowercased())
                index += 1
            }
            guard index > start else { return nil }
        }
        if index < parts.count {
            guard let rest = privateUse(parts, from: index) else { return nil }
            result += rest
        }
        return result
    }

    private static func privateUse(_ parts: [String], from index: Int) -> [String]? {
        guard parts[index].lowercased() == "x", parts.count > index + 1 else { return nil }
        return parts[index...].map { $0.lowercased() }
    }

    private static func isVariant(_ part: String) -> Bool {
        (5...8).contains(part.count) || (part.count == 4 && part.first?.isASCII == true && part.first?.isNumber == true)
    }

    private static func isAlpha(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    private static func isDigits(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isAlphanumeric(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
