import Foundation

/// The last two date texts a `ResultStreamReader` read, by their bytes, and their instants: a result file's dates are
/// its run's start and its end written again and again (a step's and each question's), so most are one of the last
/// two read. Held inline (texts of up to 32 bytes; the serializer's form is 24) and compared as four 64-bit words, so
/// remembering and finding one allocate nothing.
struct RecentDateBytes {
    private typealias Words = (UInt64, UInt64, UInt64, UInt64)

    private struct Slot {
        var words: Words = (0, 0, 0, 0)
        var count = -1
        var date = Date.distantPast

        @inline(__always)
        func holds(_ words: Words, count: Int) -> Bool {
            self.count == count && self.words.0 == words.0 && self.words.1 == words.1 && self.words.2 == words.2
                && self.words.3 == words.3
        }
    }

    private var first = Slot()
    private var second = Slot()
    /// The slot the next date replaces.
    private var nextIsSecond = false

    /// Nothing remembered.
    init() {}

    /// The instant of `text` when it is one of the two remembered.
    @inline(__always)
    func date(for text: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let words = Self.words(of: text) else { return nil }
        if first.holds(words, count: text.count) { return first.date }
        if second.holds(words, count: text.count) { return second.date }
        return nil
    }

    /// Remembers that `text` reads as `date`, in place of the older of the two (a text longer than 32 bytes is not
    /// remembered).
    mutating func remember(_ text: UnsafeBufferPointer<UInt8>, _ date: Date) {
        guard let words = Self.words(of: text) else { return }
        let slot = Slot(words: words, count: text.count, date: date)
        if nextIsSecond { second = slot } else { first = slot }
        nextIsSecond.toggle()
    }

    /// The bytes of `text`, zero past its end; nil when it is longer than 32 bytes.
    @inline(__always)
    private static func words(of text: UnsafeBufferPointer<UInt8>) -> Words? {
        guard text.count <= 32 else { return nil }
        var words: Words = (0, 0, 0, 0)
        if let base = text.baseAddress {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: text.count) }
        }
        return words
    }
}
