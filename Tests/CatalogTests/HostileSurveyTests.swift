import Foundation
import SystemPackage
import Testing

@testable import Catalog

#if canImport(Glibc)
    import Glibc
#endif

/// A survey file is data from anyone: whatever it holds, loading it ends quickly with a problem naming the file, the
/// line and what is wrong (docs/survey-file-limits.md). Files that would hang or fill memory without the limits (the
/// full alias bomb, /dev/zero, a named pipe) are loaded by EndToEndTests' HostileSurveyFileTests, in a child process.
@Suite("Hostile survey files")
struct HostileSurveyTests {
    /// A small "billion laughs": four levels of nine aliases, 9⁴ strings from 150 bytes. (The full nine levels run
    /// as a separate process with a time and memory limit: EndToEndTests' HostileSurveyFileTests.)
    static let aliasBomb = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]

        """

    /// Loads `files` as a folder, returning its problems and the processor time loading took on this thread (not
    /// wall-clock time, which other work on a busy machine stretches).
    private func load(_ files: [String: String]) throws -> (problems: [String], seconds: Double) {
        let folder = try CatalogFixture.folder(files)
        let start = Self.threadCPUSeconds()
        let problems = CatalogFixture.problems(folder).map(\.description)
        return (problems, Self.threadCPUSeconds() - start)
    }

    /// Processor seconds this thread has used.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test("an alias bomb is refused at its first alias, with file, line and column, in well under a second")
    func aliasBomb() throws {
        let (problems, seconds) = try load(["bomb.yaml": Self.aliasBomb])
        #expect(
            problems == [
                "surveys/bomb.yaml: YAML aliases are not supported (*a at line 2, column 8): write the value out"
            ])
        #expect(seconds < 1)
    }

    @Test("an alias used as a mapping key (hashed in full by Yams' composer) is refused the same way")
    func aliasAsKey() throws {
        let text = Self.aliasBomb + "z: { ? *d : 1 }\n"
        let (problems, seconds) = try load(["keys.yaml": text])
        #expect(
            problems.count == 1
                && problems[0].hasPrefix("surveys/keys.yaml: YAML aliases are not supported (*a at line 2"))
        #expect(seconds < 1)
    }

    @Test("a single harmless alias is refused too, and its line is the problem's line")
    func singleAlias() throws {
        let text = "id: t\ntitle: &name T\ninstructions: *name\nsteps: [{ instruction: a }]\n"
        let problems = CatalogFixture.problems(try CatalogFixture.folder(["t.yaml": text]))
        #expect(
            problems.map(\.reason) == [
                "YAML aliases are not supported (*name at line 3, column 15): write the value out"
            ])
        #expect(problems.map(\.line) == [3])
    }

    @Test(
        "nesting deeper than the limit is refused at the first level too deep; libyaml's own limit gets the same words")
    func deepNesting() throws {
        let limit = SurveyLimits.standard.maximumDepth
        let justDeep = "a: " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit) + "\n"
        #expect(
            try load(["deep.yaml": justDeep]).problems == [
                "surveys/deep.yaml: nested deeper than \(limit) levels at line 1, column \(limit + 3); "
                    + "a survey file may nest at most \(limit) levels"
            ])
        let fine = "a: " + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1) + "\n"
        #expect(try load(["fine.yaml": fine]).problems.allSatisfy { !$0.contains("nested deeper") })
        let veryDeep = "a: " + String(repeating: "[", count: 100_000) + "\n"
        let (problems, seconds) = try load(["very.yaml": veryDeep])
        #expect(
            problems.count == 1
                && problems[0].hasPrefix("surveys/very.yaml: nested deeper than \(limit) levels at line 1"))
        #expect(seconds < 1)
    }

    @Test("a file with more values than the limit is refused at the value past it")
    func tooManyValues() throws {
        let limit = SurveyLimits.standard.maximumValues
        // The root mapping and its key's list are two values; the list holds the rest.
        let text = "zz: [" + Array(repeating: "1", count: limit - 1).joined(separator: ",") + "]\n"
        let (problems, seconds) = try load(["many.yaml": text])
        #expect(
            problems == [
                "surveys/many.yaml: more than \(limit) values (the next one is at line 1); a survey file may hold at most \(limit)"
            ])
        #expect(seconds < 1)
    }

    @Test("a file larger than the limit is refused unread, even a sparse 64 MiB one")
    func hugeFile() throws {
        let limit = SurveyLimits.standard.maximumBytes
        let folder = try CatalogFixture.folder([
            "big.yaml": "id: t\ntitle: \"" + String(repeating: "a", count: limit) + "\"\n"
        ])
        let sparse = folder.appendingPathComponent("sparse.yaml")
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        let start = Self.threadCPUSeconds()
        let problems = CatalogFixture.problems(folder).map(\.description)
        #expect(Self.threadCPUSeconds() - start < 1)
        #expect(
            problems == [
                "surveys/big.yaml: the file is larger than \(limit / 1024) KiB, the most a survey file may hold",
                "surveys/sparse.yaml: the file is larger than \(limit / 1024) KiB, the most a survey file may hold",
            ])
        #expect(
            try Catalog.fingerprint(directory: FilePath(folder.path))
                != Catalog.fingerprint(directory: FilePath(try CatalogFixture.folder([:]).path))
        )
    }

    @Test("JSON survey files' errors are called JSON errors; the same text in a .yaml file, YAML errors")
    func jsonWording() throws {
        let text = "{\"id\": \"j\",\n  \"title\": \"T\",,\n}\n"
        let (problems, _) = try load(["j.json": text, "y.yaml": text])
        #expect(
            problems == [
                "surveys/j.json: JSON syntax error at line 2, column 16: did not find expected node content (while parsing a flow node at line 2)",
                "surveys/y.yaml: YAML syntax error at line 2, column 16: did not find expected node content (while parsing a flow node at line 2)",
            ])
        let alias = try load(["a.json": "{\"id\": &x \"j\", \"title\": *x}\n"]).problems
        #expect(
            alias == [
                "surveys/a.json: JSON syntax error at line 1, column 25: *x is a YAML alias, which JSON does not have"
            ])
        let twoDocuments = try load(["two.json": "{}\n---\n{}\n"]).problems
        #expect(
            twoDocuments == [
                "surveys/two.json: JSON syntax error at line 2, column 1: a second document; a survey file holds one"
            ])
    }

    @Test("duplicate keys and keys that are not strings are reported with their lines")
    func keys() throws {
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\nid: u\n") == [
                #"duplicate key "id" at line 3 (first at line 1)"#
            ])
        #expect(
            try CatalogFixture.problemLines("id: t\n? [a]\n: b\n") == ["mapping keys must be plain strings (line 2)"])
    }

    @Test("scalars mean what Yams' rules say, whether or not they take the quick way for plain words")
    func scalarMeanings() throws {
        let text = """
            - yes
            - Off
            - "yes"
            - ~
            - null
            - nothing
            - 12
            - 0x1F
            - 1_000
            - 2.5
            - .inf
            - "12"
            - 'on'
            - 2026-01-31
            - Yesterday
            - !!str 12
            - <<

            """
        let root = try #require(try SurveyParser.parse(text, format: .yaml).get())
        guard case .sequence(let items) = root.value else {
            Issue.record("not a list: \(root)")
            return
        }
        #expect(
            items.map(\.value) == [
                .bool(true), .bool(false), .string("yes"), .null, .null, .string("nothing"), .int(12), .int(31),
                .int(1000),
                .double(2.5), .double(.infinity), .string("12"), .string("on"), .string("2026-01-31"),
                .string("Yesterday"),
                .string("12"), .string("<<"),
            ])
        #expect(items.map(\.line) == Array(1...17))
    }

    @Test(
        "the quick reading of common plain scalars agrees with Yams' rules on every short scalar of digits, signs, points and letters"
    )
    func quickScalarsAgreeWithYams() {
        // Every string of up to four characters from an alphabet that reaches each of Yams' number, null and
        // boolean rules (octal, hexadecimal, binary, sexagesimal, exponents, `.inf`, `~`, signs, underscores), and
        // the words and numbers surveys hold. A quick reading that differs from Yams' is a meaning changed.
        let alphabet = Array("019-+._:eoxbn~")
        var texts = [""]
        var layer = [""]
        for _ in 1...4 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
            texts += layer
        }
        texts += [
            "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
            "off", "Off", "OFF", "null", "Null", "NULL", "nothing", "y", "n", "yES", "nULL",
            "12", "-7", "0", "-0", "007", "0.5", "-2.25", "10.0", "1.", ".5", "1e3", "2.5e-3", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "123456789012345678901234567890.5", "1:30", "08:00",
            "2026-01-31", ".inf", "-.inf", ".nan", "<<", "=", "~",
        ]
        let scalars = SurveyScalar()
        var quick = 0
        for text in texts {
            guard let value = SurveyScalar.commonPlainValue(text) else { continue }
            quick += 1
            let yams = scalars.yamsValue(text, tag: nil, plain: true)
            // NaN is never equal to itself; the quick reading never yields it.
            #expect(value == yams, "\(text.debugDescription): quick \(value), Yams \(yams)")
        }
        // The quick reading covers the common cases, so the comparison above is not empty.
        #expect(quick > 1_000)
        #expect(SurveyScalar.commonPlainValue("0x1F") == nil)
        #expect(SurveyScalar.commonPlainValue("017") == nil)
    }
}
