import Foundation
import SystemPackage
import Testing

@testable import Catalog

@Suite("Survey folder listing")
struct ListingTests {
    @Test("the listing is the same for an untouched folder and changes when a survey file grows, appears or goes")
    func changes() throws {
        let text = "id: t\ntitle: T\nsteps: [{ instruction: a }]\n"
        let folder = try CatalogFixture.folder(["t.yaml": text])
        let first = try Catalog.listing(directory: FilePath(folder.path))
        #expect(try Catalog.listing(directory: FilePath(folder.path)) == first)
        try Data((text + "# comment\n").utf8).write(to: folder.appendingPathComponent("t.yaml"))
        let grown = try Catalog.listing(directory: FilePath(folder.path))
        #expect(grown != first)
        try Data(text.utf8).write(to: folder.appendingPathComponent("u.yaml"))
        let added = try Catalog.listing(directory: FilePath(folder.path))
        #expect(added != grown)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("u.yaml"))
        #expect(try Catalog.listing(directory: FilePath(folder.path)) != added)
    }

    @Test("the listing holds no NUL, so it reads back whole from a TEXT column")
    func plainText() throws {
        let folder = try CatalogFixture.folder(["t.yaml": "id: t\ntitle: T\nsteps: [{ instruction: a }]\n"])
        let listing = try Catalog.listing(directory: FilePath(folder.path))
        #expect(listing.hasPrefix("t.yaml/"))
        #expect(!listing.contains("\u{0}"))
    }
}
