import Testing

@testable import RegimenFoundation

/// The byte-level string helpers of folder walks: the same bytes, and a case-blind ASCII suffix.
@Suite("String bytes: the same bytes, and a case-blind file extension")
struct StringBytesTests {
    private let names = [
        "", "a", "b", "a.json", "a/b.json", "a-b.json", "ab", "A", "checkin-10.json", "checkin-9.json", "é.json",
        "e\u{301}.json", "z", "Z", "🙂.json", "~", "a\u{0}b",
    ]

    @Test("the same bytes: equal texts in any storage; canonically equivalent ones are not the same bytes")
    func sameBytes() {
        let folder = "/tmp/results/caf\u{E9}/x"
        #expect(folder.hasSameBytes(as: "/tmp/results/caf\u{E9}/x"))
        #expect(folder.dropLast(2).hasSameBytes(as: "/tmp/results/caf\u{E9}"))
        #expect(!folder.hasSameBytes(as: "/tmp/results/cafe\u{301}/x") && folder == "/tmp/results/cafe\u{301}/x")
        #expect(!folder.hasSameBytes(as: "/tmp/results/caf\u{E9}/y") && !folder.hasSameBytes(as: folder + "/"))
        #expect("".hasSameBytes(as: "") && !"".hasSameBytes(as: "a"))
        let bridged = String(decoding: Array(folder.utf8), as: UTF8.self)
        #expect(bridged.hasSameBytes(as: folder))
    }

    @Test("a case-blind ASCII suffix agrees with lowercased().hasSuffix")
    func asciiSuffix() {
        let candidates =
            names + [
                "A.JSON", "a.Json", "a.jsoN", ".json", "json", "a.json ", "a.jso", "A.ＪＳＯＮ", "İ.json", "a.JSON\u{0}",
            ]
        for name in candidates {
            #expect(name.hasSuffixIgnoringASCIICase(".json") == name.lowercased().hasSuffix(".json"), "\(name)")
        }
    }
}
