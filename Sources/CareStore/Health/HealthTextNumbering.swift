#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers the texts samples repeat (type, source name and version, unit, device) as the export is read
/// (docs/health-export.md, "How the store keeps an export"): each row carries a small number, and the texts new since
/// the last batch travel with the batch once, for the store to give them their `healthText` ids (`HealthStoredTexts`).
/// The numbers are this reader's own; the store's ids are the ones kept.
struct HealthTextNumbering {
    /// The texts of one batch that had no number before it, in number order, and whether numbering started afresh
    /// at this batch (earlier numbers no longer apply).
    struct NewTexts: Sendable {
        var texts: [String] = []
        var restarted = false
    }

    /// At most this many texts are remembered; past it numbering starts afresh at the next batch, so a hostile export
    /// of ever-new texts cannot grow memory (the store still keeps each text once).
    static let limit = 4096

    /// The columns whose last text is remembered beside the table: samples come in runs of one type, source and unit,
    /// and the reader hands the same String on while the bytes repeat, so the common case is one comparison instead of
    /// hashing (hashing a non-ASCII source name normalizes it first).
    enum Column: Int, CaseIterable {
        case type, sourceName, sourceVersion, unit
    }

    private var numbers: [String: Int64] = [:]
    private var new = NewTexts()
    private var last: [(text: String, number: Int64)?] = Array(repeating: nil, count: Column.allCases.count)
    /// The last device template's bytes after the address, and its number.
    private var lastDevice: (rest: [UInt8], number: Int64)?

    /// The number of `text`.
    mutating func number(_ text: String) -> Int64 {
        if let number = numbers[text] { return number }
        let number = Int64(numbers.count)
        numbers[text] = number
        new.texts.append(text)
        return number
    }

    /// The number of `text`, a value of `column`.
    mutating func number(_ text: String, _ column: Column) -> Int64 {
        if let last = last[column.rawValue], last.text == text { return last.number }
        let number = number(text)
        last[column.rawValue] = (text, number)
        return number
    }

    /// The number of the device description `text`'s template and its address (`HealthDeviceText.split`): when only
    /// the address differs from the last one, no template text is made.
    mutating func numberDevice(_ text: String) -> (number: Int64, address: Int64?) {
        let reused: (number: Int64, address: Int64)?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let lastDevice, let found = HealthDeviceText.address(in: bytes) else { return nil }
            let restStart = HealthDeviceText.prefixLength + found.digits
            guard bytes.count - restStart == lastDevice.rest.count,
                lastDevice.rest.withUnsafeBufferPointer({ rest in
                    rest.isEmpty || memcmp(rest.baseAddress!, bytes.baseAddress! + restStart, rest.count) == 0
                })
            else { return nil }
            return (lastDevice.number, found.address)
        }
        if let reused = reused ?? nil { return reused }
        let (template, address) = HealthDeviceText.split(text)
        let number = number(template)
        if address != nil {
            lastDevice = (Array(template.utf8.dropFirst(HealthDeviceText.prefixLength)), number)
        }
        return (number, address)
    }

    /// The texts numbered since the last call; when too many are remembered, the next batch starts afresh.
    mutating func takeNew() -> NewTexts {
        defer {
            new = NewTexts()
            if numbers.count >= Self.limit {
                numbers.removeAll()
                last = Array(repeating: nil, count: Column.allCases.count)
                lastDevice = nil
                new.restarted = true
            }
        }
        return new
    }
}
