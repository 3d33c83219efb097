import Foundation
import Testing

@testable import RegimenCommands

@Suite("IngestFiles: every path given comes back byte for byte, in order, however its folders repeat")
struct IngestFilesTests {
    @Test("paths of several folders, interleaved, repeated, at the root, without a folder, and empty names")
    func roundTrip() {
        let paths = [
            "/data/a/checkin-1.json", "/data/a/checkin-2.json", "/data/b/checkin-1.json", "/data/a/checkin-3.json",
            "/x.json", "plain.json", "relative/dir/f.json", "/data/a/", "/", "", "/data/a/checkin-2.json",
        ]
        let files = IngestFiles(paths)
        #expect(files.count == paths.count)
        #expect((0..<files.count).map { files.path(at: $0) } == paths)
    }

    @Test("names that differ only in Unicode normalization stay two paths, each with its own bytes")
    func normalizationKept() {
        // `é` as one scalar and as `e` + U+0301: equal Swift strings, two names on Linux.
        let composed = "/data/caf\u{E9}/r\u{E9}sult.json"
        let decomposed = "/data/cafe\u{301}/re\u{301}sult.json"
        let files = IngestFiles([composed, decomposed, composed])
        #expect(
            (0..<3).map { Array(files.path(at: $0).utf8) } == [composed, decomposed, composed].map { Array($0.utf8) })
    }

    @Test(
        "each folder's files the other way round in reading order, the folders kept in order; the first folder's span")
    func reversedInFolders() {
        let paths = [
            "/d/a/c-10.json", "/d/a/c-2.json", "/d/a/c-1.json", "/d/b/c-0.json", "/d/b/c-1.json", "/d/c/only.json",
        ]
        let files = IngestFiles(paths)
        let order = files.readingOrder()
        #expect(
            order.map(files.path(at:)) == [
                "/d/a/c-1.json", "/d/a/c-2.json", "/d/a/c-10.json", "/d/b/c-0.json", "/d/b/c-1.json", "/d/c/only.json",
            ])
        #expect(files.firstFolderSpan(of: order) == 0..<3)
        #expect(
            files.reversedInFolders(order).map(files.path(at:))
                == [
                    "/d/a/c-10.json", "/d/a/c-2.json", "/d/a/c-1.json", "/d/b/c-1.json", "/d/b/c-0.json",
                    "/d/c/only.json",
                ])
        #expect(IngestFiles([]).firstFolderSpan(of: []) == 0..<0)
        #expect(IngestFiles([]).reversedInFolders([]) == [])
    }

    @Test("no paths: an empty list")
    func empty() {
        #expect(IngestFiles([]).count == 0)
    }
}
