import Foundation
import Testing

@testable import Catalog

@Suite("Survey digests")
struct DigestTests {
    @Test("SHA-256 hex of the bytes (FIPS 180-2 test vector \"abc\")")
    func knownVector() {
        #expect(Digest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("an entry's digest is stable across loads and changes with any byte of the file")
    func stable() throws {
        let text = "id: t\ntitle: T\nsteps: [{ instruction: a }]\n"
        let folder = try TestSupport.folder(["t.yaml": text])
        let first = try Catalog.load(directory: folder, calendar: TestSupport.utc).entries[0].digest
        let second = try Catalog.load(directory: folder, calendar: TestSupport.utc).entries[0].digest
        #expect(first == second)
        #expect(first == Digest.sha256Hex(Data(text.utf8)))
        try Data((text + "# comment\n").utf8).write(to: folder.appendingPathComponent("t.yaml"))
        let third = try Catalog.load(directory: folder, calendar: TestSupport.utc).entries[0].digest
        #expect(third != first)
    }
}
