import Foundation

/// The last date text one result file's decoding read, and its instant: most of a file's dates are the same text (a
/// step's and its questions' start and end), which the parse makes one `String` (`JSONRecentStrings`), so comparing
/// them is a comparison of two references (docs/performance.md, "Ingest").
package final class RecentDateText {
    private var text: String?
    private var date = Date.distantPast

    /// Nothing read yet.
    package init() {}

    /// The instant of `text` when it is the last text remembered. `==` takes canonically equivalent texts for equal,
    /// which cannot make two different dates one: the characters equivalent to ASCII ones stand for `K`, `;` and `` `
    /// `` (the Kelvin sign, the Greek question mark, the grave accent's spacing form), none of which a date may hold.
    func date(for text: String) -> Date? {
        self.text == text ? date : nil
    }

    /// Remembers that `text` reads as `date`.
    func remember(_ text: String, _ date: Date) {
        self.text = text
        self.date = date
    }
}
