/// Where a run writes down the lines typed so far while it waits for the next, so that a run the system stops (killed,
/// out of memory, the power cut) keeps them (docs/finish-later.md, "When the program is stopped").
package protocol TranscriptJournal: AnyObject {
    /// Writes `entries`, the transcript's next lines in order, so that they outlive the process; the error names the
    /// file and the reason, never an answer.
    func record(_ entries: ArraySlice<TranscriptEntry>) throws(TranscriptError)
}
