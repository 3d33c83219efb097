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

    private var numbers: [String: Int64] = [:]
    private var new = NewTexts()

    /// The number of `text`.
    mutating func number(_ text: String) -> Int64 {
        if let number = numbers[text] { return number }
        let number = Int64(numbers.count)
        numbers[text] = number
        new.texts.append(text)
        return number
    }

    /// The texts numbered since the last call; when too many are remembered, the next batch starts afresh.
    mutating func takeNew() -> NewTexts {
        defer {
            new = NewTexts()
            if numbers.count >= Self.limit {
                numbers.removeAll()
                new.restarted = true
            }
        }
        return new
    }
}
