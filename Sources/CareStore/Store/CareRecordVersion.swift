package import Foundation

/// One stored version of a plan, contact or patient record (docs/care-plans.md, "In the store").
package struct CareRecordVersion<Record: Sendable & Hashable>: Sendable, Hashable {
    /// The record as this version has it (a tombstone keeps the last record).
    package var record: Record
    /// This version's uuid.
    package var uuid: UUID
    /// From when it takes precedence.
    package var effectiveDate: Date
    /// Set on a tombstone: the record was removed from the care file.
    package var deletedDate: Date?
}
