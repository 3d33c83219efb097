public import Foundation

/// One version of a care task (`OCKTask`, docs/carekit-store.md, "Tasks and versions"): versions share `id`, each has
/// its own `uuid`.
public struct CareTask: Sendable, Hashable {
    /// The logical id shared by all versions.
    package var id: String
    /// The identity of this version.
    public var uuid: UUID
    /// The title shown to the participant.
    package var title: String
    /// Longer instructions.
    package var instructions: String?
    /// Whether the task counts towards adherence.
    package var impactsAdherence: Bool
    /// When events happen.
    package var schedule: Schedule
    /// When this version starts to take precedence.
    package var effectiveDate: Date
    /// When the first version was stored (set by the store).
    package var createdDate: Date?
    /// When this version was stored (set by the store).
    package var updatedDate: Date?
    /// Non-nil only on a tombstone version.
    package var deletedDate: Date?
    /// The version this one replaces (set by the store).
    package var previousVersionUUID: UUID?
    /// Digest of the survey file that defined this version, if any.
    package var sourceDigest: String?

    /// Creates a task version; `effectiveDate` defaults to the schedule start, as in CareKit.
    public init(
        id: String, title: String, instructions: String? = nil, impactsAdherence: Bool = true, schedule: Schedule,
        effectiveDate: Date? = nil, sourceDigest: String? = nil, uuid: UUID = UUID()
    ) {
        self.id = id
        self.uuid = uuid
        self.title = title
        self.instructions = instructions
        self.impactsAdherence = impactsAdherence
        self.schedule = schedule
        self.effectiveDate = effectiveDate ?? schedule.startDate
        self.sourceDigest = sourceDigest
    }
}
