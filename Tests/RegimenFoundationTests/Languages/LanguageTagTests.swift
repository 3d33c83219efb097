import RegimenFoundation
import Testing

/// `LanguageTag`: BCP 47 tags read and written in canonical case, POSIX locale names read as tags, and RFC 4647
/// lookup's fallback from the most specific tag to the least.
@Suite("Language tags: BCP 47 well-formedness, POSIX locale names, RFC 4647 lookup")
struct LanguageTagTests {
    @Test("well-formed tags are read in any case and written in the RFC's case")
    func canonicalCase() {
        #expect(LanguageTag("EN")?.description == "en")
        #expect(LanguageTag("zh-hant-tw")?.description == "zh-Hant-TW")
        #expect(LanguageTag("es-419")?.description == "es-419")
        #expect(LanguageTag("sl-rozaj-biske")?.description == "sl-rozaj-biske")
        #expect(LanguageTag("en-a-bbb-x-private")?.description == "en-a-bbb-x-private")
    }

    @Test(
        "what is not a tag is refused",
        arguments: ["", "en_US", "e", "en-", "english!", "123", "en-a", "toolonglanguage"])
    func malformed(_ text: String) {
        #expect(LanguageTag(text) == nil)
    }

    @Test("a well-formed tag is known only when its language is an ISO 639 code")
    func knownLanguages() {
        #expect(LanguageTag("ja")?.isKnownLanguage == true)
        #expect(LanguageTag("zh-Hans")?.isKnownLanguage == true)
        #expect(LanguageTag("qq")?.isKnownLanguage == false)
        #expect(LanguageTag("english")?.isKnownLanguage == false)
    }

    @Test("POSIX locale names: codeset and modifier dropped, underscore read as hyphen, C and POSIX name none")
    func posixNames() {
        #expect(LanguageTag(posixLocale: "ja_JP.UTF-8")?.description == "ja-JP")
        #expect(LanguageTag(posixLocale: "sr_RS@latin")?.description == "sr-RS")
        #expect(LanguageTag(posixLocale: "zh_CN.GB18030")?.description == "zh-CN")
        #expect(LanguageTag(posixLocale: "C") == nil)
        #expect(LanguageTag(posixLocale: "C.UTF-8") == nil)
        #expect(LanguageTag(posixLocale: "POSIX") == nil)
    }

    @Test("lookup truncates the requested tag subtag by subtag, a singleton going with the subtag after it")
    func lookup() throws {
        let available = try ["en", "ja", "zh-Hant", "zh-Hans"].map { try #require(LanguageTag($0)) }
        func find(_ requested: String) -> String? {
            LanguageTag.lookup([LanguageTag(requested)!], in: available)?.description
        }
        #expect(find("zh-Hant-TW") == "zh-Hant")
        #expect(find("ja-JP") == "ja")
        #expect(find("JA") == "ja")
        #expect(find("fr-CA") == nil)
        #expect(LanguageTag("zh-Hant-TW-x-a")?.truncations.map(\.description) == ["zh-Hant-TW", "zh-Hant", "zh"])
    }

    @Test("lookup adds CLDR likely subtags: zh-CN finds zh-Hans, zh-TW finds zh-Hant, never the other script")
    func likelySubtags() throws {
        let builtIn = try ["en", "ja", "zh-Hans"].map { try #require(LanguageTag($0)) }
        func find(_ requested: String, in available: [LanguageTag]) -> String? {
            LanguageTag.lookup([LanguageTag(requested)!], in: available)?.description
        }
        #expect(find("zh-CN", in: builtIn) == "zh-Hans")
        #expect(find("zh", in: builtIn) == "zh-Hans")
        #expect(find("zh-SG", in: builtIn) == "zh-Hans")
        #expect(find("zh-TW", in: builtIn) == nil)
        #expect(find("zh-HK", in: builtIn) == nil)
        #expect(find("zh-TW", in: builtIn + [LanguageTag("zh-Hant")!]) == "zh-Hant")
        #expect(find("ja-JP", in: builtIn) == "ja")
        #expect(find("x-private", in: builtIn) == nil)
        #expect(
            LanguageTag("zh-CN")?.lookupCandidates.map(\.description) == ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh"])
        #expect(
            LanguageTag("zh-TW")?.lookupCandidates.map(\.description) == ["zh-TW", "zh-Hant-TW", "zh-Hant", "zh"])
    }
}
