import RegimenCommands
import RegimenFoundation
import SystemPackage

/// The rows of an analysis table kept in a private scratch file of the export's hidden folder between the sizing pass
/// and the writing pass, so the study is read once (docs/analysis-exports.md, "Rows"): each cell a tag byte, then 8
/// bytes of a number or date (little-endian IEEE 754) or a 4-byte length and the UTF-8 bytes of a text. Written and
/// read in blocks, so memory stays flat; removed when the file it feeds is written.
final class AnalysisSpool {
    /// Where it is written.
    let path: FilePath
    private var writer: PrivateFileWriter?
    private var row: [UInt8] = []

    /// Creates the scratch file.
    init(_ path: FilePath) throws(RegimenError) {
        self.path = path
        do throws(FileError) {
            writer = try PrivateFileWriter(creating: path)
        } catch {
            throw .file(error)
        }
    }

    /// Removes the file if it is still there (an export that failed before the writing pass read it).
    deinit {
        if let writer { writer.abandon() } else { PrivateFiles.remove(path) }
    }

    /// Appends a row of cells.
    func append(_ cells: [AnalysisCell]) throws(RegimenError) {
        row.removeAll(keepingCapacity: true)
        for cell in cells {
            switch cell {
            case .missing: row.append(0)
            case .number(let value): append(1, value)
            case .dateTime(let value): append(3, value)
            case .text(let text):
                row.append(2)
                let count = UInt32(text.utf8.count)
                withUnsafeBytes(of: count.littleEndian) { row.append(contentsOf: $0) }
                row.append(contentsOf: text.utf8)
            }
        }
        do throws(FileError) {
            try writer?.write(row)
        } catch {
            throw .file(error)
        }
    }

    private func append(_ tag: UInt8, _ value: Double) {
        row.append(tag)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { row.append(contentsOf: $0) }
    }

    /// Stops spooling and removes the file: its rows will not be read.
    func discard() {
        writer?.abandon()
        writer = nil
    }

    /// Ends writing (the rows can be read from here on).
    func finishWriting() throws(RegimenError) {
        do throws(FileError) {
            try writer?.finish()
        } catch {
            throw .file(error)
        }
        writer = nil
    }

    /// Reads the rows back in order, `columns` cells each, then removes the file unless `keeping` (it is read again).
    /// Only after `finishWriting`.
    func read(columns: Int, keeping: Bool = false, _ body: ([AnalysisCell]) throws(RegimenError) -> Void)
        throws(RegimenError)
    {
        defer { if !keeping { PrivateFiles.remove(path) } }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
        } catch {
            throw .file(.cannotRead(path: path, errno: error as? Errno ?? .ioError))
        }
        defer { try? descriptor.close() }
        var buffer: [UInt8] = []
        var position = 0
        var ended = false
        /// Makes `count` bytes available from `position`, reading a block when needed; false at the end of the file.
        func need(_ count: Int) throws(RegimenError) -> Bool {
            while buffer.count - position < count {
                if ended { return false }
                buffer.removeFirst(position)
                position = 0
                let old = buffer.count
                let block = max(1 << 20, count)
                buffer.append(contentsOf: repeatElement(0, count: block))
                let read: Int
                do {
                    read = try buffer[old...].withUnsafeMutableBytes { try descriptor.read(into: $0) }
                } catch {
                    throw .file(.cannotRead(path: path, errno: error as? Errno ?? .ioError))
                }
                buffer.removeLast(block - read)
                if read == 0 { ended = true }
            }
            return true
        }
        func double() -> Double {
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(buffer[position + index]) << (8 * index) }
            position += 8
            return Double(bitPattern: bits)
        }
        var cells: [AnalysisCell] = []
        cells.reserveCapacity(columns)
        while try need(1) {
            cells.removeAll(keepingCapacity: true)
            for _ in 0..<columns {
                guard try need(1) else { throw .failure("\(path.string): the scratch file ends inside a row") }
                let tag = buffer[position]
                position += 1
                switch tag {
                case 0: cells.append(.missing)
                case 1, 3:
                    guard try need(8) else { throw .failure("\(path.string): the scratch file ends inside a row") }
                    cells.append(tag == 1 ? .number(double()) : .dateTime(double()))
                default:
                    guard try need(4) else { throw .failure("\(path.string): the scratch file ends inside a row") }
                    var count = 0
                    for index in 0..<4 { count |= Int(buffer[position + index]) << (8 * index) }
                    position += 4
                    guard try need(count) else { throw .failure("\(path.string): the scratch file ends inside a row") }
                    cells.append(.text(String(decoding: buffer[position..<(position + count)], as: UTF8.self)))
                    position += count
                }
            }
            try body(cells)
        }
    }
}
