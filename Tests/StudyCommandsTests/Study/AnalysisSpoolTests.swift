import Foundation
import SystemPackage
import Testing

@testable import StudyCommands

/// The analysis export's scratch file (docs/analysis-exports.md, "Rows"): rows read back exactly as written, across
/// the 1 MiB blocks it is read in, and the file gone afterwards.
struct AnalysisSpoolTests {
    @Test("3 MB of rows of every cell kind come back in order, byte for byte, and the file is removed")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = FilePath(folder.appendingPathComponent("t.spool").path)
        func row(_ index: Int) -> [AnalysisCell] {
            [
                .number(Double(index) + 0.125), .missing,
                .text(String(repeating: "日本\"\n", count: index % 17) + "\(index)"),
                .dateTime(-1e10 + Double(index)), .text(""), .number(-.infinity),
            ]
        }
        let count = 30_000
        let spool = try AnalysisSpool(path)
        for index in 0..<count { try spool.append(row(index)) }
        try spool.finishWriting()
        let size = try FileManager.default.attributesOfItem(atPath: path.string)[.size] as? Int ?? 0
        #expect(size > 3 << 20, "the rows span several read blocks")
        var read = 0
        var mismatches = 0
        try spool.read(columns: 6) { cells in
            if cells != row(read) { mismatches += 1 }
            read += 1
        }
        #expect(read == count)
        #expect(mismatches == 0)
        #expect(!FileManager.default.fileExists(atPath: path.string))
    }
}
