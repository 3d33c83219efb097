import Testing
@testable import RegimenFoundation

/// The byte-level string helpers of folder walks: a case-blind ASCII suffix.
@Suite("ASCII suffixes: a case-blind file extension")
struct ASCIISuffixTests {
    private let names = [
        "", "a", "b", "a.json", "a/b.json", "a-b.json", "ab", "A", "checkin-10.json", "checkin-9.json", "é.json",
        "e\u{301}.json", "z", "Z", "🙂.json", "~", "a\u{0}b",
    ]

    @Test("a case-blind ASCII suffix agrees with lowercased().hasSuffix")
    func asciiSuffix() {
        let candidates = names + ["A.JSON", "a.Json", "a.jsoN", ".json", "json", "a.json ", "a.jso", "A.ＪＳＯＮ", "İ.json", "a.JSON\u{0}"]
        for name in candidates {
            #expect(name.hasSuffixIgnoringASCIICase(".json") == name.lowercased().hasSuffix(".json"), "\(name)")
        }
    }
}
