import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage
import Testing

@testable import RegimenCommands

/// A result file read up to a short read taken for its end (`FolderFileReader`) is read again before it is called
/// malformed: `IngestPreparer.decode` tries the bytes read again, and reports what stopped that reading.
@Suite("Ingest preparer: a file cut at a short read is read again before it is rejected")
struct IngestPreparerRereadTests {
    /// A whole check-in result, and the same cut partway.
    static let whole = Array(IngestRunPathsTests.checkIn(day: 14, run: 1, pain: 3).utf8)
    static let cut = Array(whole.prefix(whole.count / 2))

    @Test("whole bytes are decoded without reading again")
    func wholeBytesNeedNoReread() throws {
        var rereads = 0
        var identifiers = JSONRecentStrings()
        let result = try IngestPreparer.decode(Self.whole, identifiers: &identifiers) { () throws(FileError) in
            rereads += 1
            return nil
        }.result
        #expect(result.identifier == "checkin")
        #expect(rereads == 0)
    }

    @Test("cut bytes read again whole give the result")
    func cutBytesReadAgainWhole() throws {
        var identifiers = JSONRecentStrings()
        let result = try IngestPreparer.decode(Self.cut, identifiers: &identifiers) { () throws(FileError) in Self.whole
        }.result
        #expect(result.identifier == "checkin")
    }

    @Test("cut bytes with no second reading are malformed JSON, as before")
    func cutBytesWithoutRereadAreMalformed() {
        var identifiers = JSONRecentStrings()
        #expect(throws: ResultFileError.self) {
            _ = try IngestPreparer.decode(Self.cut, identifiers: &identifiers) { () throws(FileError) in nil }
        }
    }

    @Test("a disk error on reading again is reported as the file's problem, not as malformed JSON")
    func rereadErrorIsReported() {
        let failure = FileError.cannotRead(path: FilePath("/results/1.json"), errno: .ioError)
        var identifiers = JSONRecentStrings()
        #expect(throws: FileError.self) {
            _ = try IngestPreparer.decode(Self.cut, identifiers: &identifiers) { () throws(FileError) in throw failure }
        }
    }
}
