import Foundation

extension ScheduleElement {
    /// Every event start from the element start while it is before `bound` and the element end, stepping
    /// cumulatively from the previous event as CareKit does (the reference implementation, O(occurrences)).
    func steppingStarts(before bound: Date) -> [Date] {
        var starts: [Date] = []
        var current: Date? = start
        while let date = current, date < bound, isBeforeEnd(date) {
            starts.append(date)
            current = nextStart(after: date)
        }
        return starts
    }
}
