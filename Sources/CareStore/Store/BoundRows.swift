import Foundation
import GRDB
import RegimenFoundation

/// Rows of arguments for a multi-row INSERT (`MultiRowInsert`), held flat: numbers in place, and every text's bytes
/// copied into one buffer that SQLite binds without copying again (`SQLITE_STATIC`). An array of `DatabaseValue`
/// holds a reference to each text, counted up and down as it is built, handed over and bound, and SQLite copies each
/// text into memory of its own; this holds two arrays (docs/performance.md, "Arguments without references").
struct BoundRows: Sendable {
    /// One argument.
    enum Slot: Sendable {
        case null
        case integer(Int64)
        case double(Double)
        /// `count` bytes of `bytes` from `start`.
        case text(start: Int32, count: Int32)
        case blob(start: Int32, count: Int32)
    }

    private(set) var slots: [Slot] = []
    private(set) var bytes: [UInt8] = []

    /// Room for `arguments` arguments and `textBytes` bytes of text.
    mutating func reserve(arguments: Int, textBytes: Int) {
        slots.reserveCapacity(arguments)
        bytes.reserveCapacity(textBytes)
    }

    /// How many arguments there are.
    var count: Int { slots.count }

    /// How many bytes of text and blobs they hold. Offsets are 32-bit: a writer hands its rows over well before 2 GiB
    /// (`OutcomeRowBuffer.bytesPerWrite`), and one result file holds at most 64 MiB.
    var byteCount: Int { bytes.count }

    /// Appends a NULL.
    mutating func appendNull() {
        slots.append(.null)
    }

    /// Appends an integer.
    mutating func append(_ number: Int) {
        slots.append(.integer(Int64(number)))
    }

    /// Appends a double, or NULL for nil.
    mutating func append(_ number: Double?) {
        slots.append(number.map { .double($0) } ?? .null)
    }

    /// Appends a date as its seconds since 2001 (the store's form), or NULL for nil.
    mutating func append(_ date: Date?) {
        append(date?.timeIntervalSinceReferenceDate)
    }

    /// Appends a text, or NULL for nil. A text ends at its first NUL, as GRDB's binding (length -1) stores it, so that
    /// the bulk writers store what every other write does.
    mutating func append(_ text: String?) {
        guard var text else { return appendNull() }
        let start = bytes.count
        text.withUTF8 { utf8 in
            bytes.append(contentsOf: utf8.prefix { $0 != 0 })
        }
        slots.append(.text(start: Int32(start), count: Int32(bytes.count - start)))
    }

    /// Appends the canonical text of `uuid` (as `UUID.text`), written straight into the buffer.
    mutating func append(_ uuid: UUID?) {
        guard let uuid else { return appendNull() }
        let start = bytes.count
        uuid.appendText(to: &bytes)
        slots.append(.text(start: Int32(start), count: 36))
    }

    /// Appends any database value, as GRDB would bind it.
    mutating func append(_ value: DatabaseValue) {
        switch value.storage {
        case .null: appendNull()
        case .int64(let number): slots.append(.integer(number))
        case .double(let number): slots.append(.double(number))
        case .string(let text): append(text)
        case .blob(let data):
            let start = bytes.count
            bytes.append(contentsOf: data)
            slots.append(.blob(start: Int32(start), count: Int32(data.count)))
        }
    }
}
