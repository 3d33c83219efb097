import Articles
import Foundation
import OutcomeMapping
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

@Suite("Survey digests")
struct DigestTests {
    @Test("SHA-256 hex of the bytes (FIPS 180-2 test vector \"abc\")")
    func knownVector() {
        #expect(
            Digest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("an entry's digest is stable across loads and changes with any byte of the file")
    func stable() throws {
        let text = "id: t\ntitle: T\nsteps: [{ instruction: a }]\n"
        let folder = try CatalogFixture.folder(["t.yaml": text])
        let first = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc).entries[0].digest
        let second = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc).entries[0].digest
        #expect(first == second)
        #expect(first == Digest.sha256Hex(Data(text.utf8)))
        try Data((text + "# comment\n").utf8).write(to: folder.appendingPathComponent("t.yaml"))
        let third = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc).entries[0].digest
        #expect(third != first)
    }
}

@Suite("Survey file kinds")
struct SurveyFileKindTests {
    @Test("JSON survey files load like YAML ones; schema.json and other files are not surveys (Markdown is an article)")
    func jsonFiles() throws {
        let json = """
            {
              "id": "j",
              "title": "From JSON",
              "steps": [ { "question": "q", "integer": { "min": 0, "max": 9 } } ],
              "outcomes": [ { "kind": "n", "path": "q", "type": "integer" } ]
            }
            """
        let folder = try CatalogFixture.folder([
            "j.json": json, "schema.json": "{\"not\": \"a survey\"}", "notes.md": "# Notes\n\n- x",
        ])
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        #expect(catalog.taskIdentifiers == ["j"])
        // A Markdown file is an article, not a survey (docs/articles.md, "Files").
        #expect(catalog.articles.map(\.id) == ["notes"])
        #expect(
            catalog.entries[0].outcomes == [
                OutcomeSpec(kind: "n", path: ResultPath(stepIdentifier: "q"), type: .integer)
            ])
    }

    @Test("non-finite numbers, non-mapping documents and multiple documents are reported")
    func oddDocuments() throws {
        #expect(
            try CatalogFixture.problemLines("id: t\ntitle: T\nsteps:\n  - question: q\n    decimal: { max: .inf }\n")
                == ["steps[0].decimal.max: must be a finite number"])
        #expect(try CatalogFixture.problemLines("- a\n- b\n") == ["must be a mapping, found a list"])
        let multiple = try CatalogFixture.problemLines("id: a\n---\nid: b\n")
        #expect(multiple.count == 1 && multiple[0].hasPrefix("YAML syntax error at line 2"))
    }
}
