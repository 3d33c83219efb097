import CareModel
import Foundation
import SystemPackage
import Testing

@testable import RegimenCommands

/// Researchers' streamed tables: RFC 4180 CSV and a JSON array of objects, written to a private file with its SHA-256.
@Suite("Table writer: CSV and JSON rows, streamed")
struct TableWriterTests {
    private let utc = TimeZone(identifier: "UTC")!

    private func written(_ format: TableWriter.Format, _ rows: [[TableCell]]) throws -> (
        text: String, sha: String, mode: Int
    ) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try TableOutput.file(FilePath(path))
        let writer = try TableWriter(format, columns: ["name", "count", "note"], output: output)
        for row in rows { try writer.write(row) }
        try writer.end()
        let sha = try output.finish()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? 0
        return (try String(contentsOfFile: path, encoding: .utf8), sha, mode)
    }

    @Test("CSV: header, quoted fields with commas, quotes and line breaks, empty cells, \\n line ends; file 0600")
    func csv() throws {
        let (text, sha, mode) = try written(
            .csv,
            [
                [.text("a,b"), .integer(3), .empty],
                [.text("say \"hi\""), .number(2.5), .outcomeValue(.text("line\nbreak"), timeZone: utc)],
            ])
        #expect(text == "name,count,note\n\"a,b\",3,\n\"say \"\"hi\"\"\",2.5,\"line\nbreak\"\n")
        #expect(sha.count == 64 && sha.allSatisfy { $0.isHexDigit })
        #expect(mode == 0o600)
    }

    @Test("JSON: an array of objects, keys in column order, null for missing values, typed numbers")
    func json() throws {
        let (text, _, _) = try written(
            .json,
            [
                [.text("a"), .integer(1), .empty],
                [.text("b"), .number(8), .outcomeValue(.boolean(true), timeZone: utc)],
            ])
        #expect(
            text
                == "[\n{\"name\": \"a\", \"count\": 1, \"note\": null},\n{\"name\": \"b\", \"count\": 8, \"note\": true}\n]\n"
        )
        #expect(try written(.json, []).text == "[]\n")
    }

    @Test("CSV: a field holding \\r\\n (one Character) or a lone \\r is quoted like one holding \\n")
    func carriageReturns() throws {
        let (text, _, _) = try written(.csv, [[.text("a\r\nb"), .text("c\rd"), .text("plain")]])
        #expect(text == "name,count,note\n\"a\r\nb\",\"c\rd\",plain\n")
    }

    @Test("Rows rendered apart (as several tasks render them) and written in order read as rows written one by one")
    func renderedRows() throws {
        let rows: [[TableCell]] = [
            [.text("a"), .integer(1), .outcomeValue(.double(2.5), timeZone: utc)],
            [.text("b"), .integer(-2), .outcomeValue(.date(Date(timeIntervalSince1970: 0)), timeZone: utc)],
            [.text("c"), .empty, .empty],
        ]
        for format in [TableWriter.Format.csv, .json] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let output = try TableOutput.file(FilePath(path))
            let writer = try TableWriter(format, columns: ["name", "count", "note"], output: output)
            var first = TableRowRenderer.Rows()
            var second = TableRowRenderer.Rows()
            writer.renderer.append(rows[0], to: &first)
            writer.renderer.append(rows[1], to: &first)
            writer.renderer.append(rows[2], to: &second)
            try writer.write(rendered: TableRowRenderer.Rows())
            try writer.write(rendered: first)
            try writer.write(rendered: second)
            try writer.end()
            try output.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == written(format, rows).text)
        }
    }
}
