package import Foundation

/// A moment relative to enrollment: the enrollment instant or the start of its day, plus an offset.
package struct ScheduleAnchor: Sendable, Hashable {
    /// What the offset is added to.
    package var reference: Reference
    /// Calendar components added to the reference (may be empty).
    package var offset: DateComponents

    /// Creates an anchor.
    package init(_ reference: Reference, offset: DateComponents = DateComponents()) {
        self.reference = reference
        self.offset = offset
    }

    /// What an anchor is measured from.
    package enum Reference: String, Sendable, Hashable, CaseIterable {
        /// The enrollment instant itself (CareKit's `now` in the Recover sample).
        case enrollment
        /// Midnight starting the enrollment day, in the calendar's time zone.
        case startOfEnrollmentDay = "enrollmentDay"
    }

    /// The dated moment for a participant enrolled at `enrollment`.
    package func resolve(enrollment: Date, calendar: Calendar) -> Date {
        let base = reference == .enrollment ? enrollment : calendar.startOfDay(for: enrollment)
        return calendar.date(byAdding: offset, to: base) ?? base
    }
}
