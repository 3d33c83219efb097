public import Foundation
package import RegimenFoundation

/// `ORKTaskResult`: the root of a result tree.
public struct TaskResult: Sendable, Hashable {
    /// The task identifier.
    public var identifier: String
    /// Identifies this run of the task.
    public var taskRunUUID: UUID
    /// When the task was first presented.
    public var startDate: Date
    /// When the task ended.
    public var endDate: Date
    /// One step result per visited step, in visit order.
    public var results: [StepResult]
    /// The device that produced the result (`ORKDevice`), when known.
    package var device: DeviceInfo?
    /// Free-form extra data (`userInfo`).
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a task result.
    package init(
        identifier: String, taskRunUUID: UUID, startDate: Date, endDate: Date, results: [StepResult] = [],
        device: DeviceInfo? = nil, userInfo: JSONObject? = nil, source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.taskRunUUID = taskRunUUID
        self.startDate = startDate
        self.endDate = endDate
        self.results = results
        self.device = device
        self.userInfo = userInfo
        self.source = source
    }

    /// Whether `taskRunUUID` was derived from the file's content because the file records none
    /// (docs/researchkit-results.md, "Missing taskRunUUID: a content-derived identifier").
    package var isTaskRunUUIDDerived: Bool {
        guard let source else { return false }
        switch source["taskRunUUID"] {
        case nil, .null?: return true
        default: return false
        }
    }

    /// The last step result with this identifier (ResearchKit searches from the end, so loops see the latest).
    public func stepResult(forStep identifier: String) -> StepResult? {
        stepIndex(forStep: identifier).map { results[$0] }
    }

    /// Where `stepResult(forStep:)` is in `results` (to read a part of it without copying the whole step).
    package func stepIndex(forStep identifier: String) -> Int? {
        results.lastIndex { $0.identifier == identifier }
    }
}

/// `ORKDevice`: what produced a result.
package struct DeviceInfo: Sendable, Hashable {
    /// Product name, e.g. "iPhone16,1".
    package var product: String?
    /// Operating system version.
    package var osVersion: String?
    /// Operating system build.
    package var osBuild: String?
    /// Platform, e.g. "iOS" or "Linux".
    package var platform: String?
    /// The ResearchKit version that wrote the result (ResearchKit 3 records it), e.g. "3.1.0".
    package var researchKitVersion: String?
    /// The ResearchKit bundle (build) version that wrote the result.
    package var researchKitBundleVersion: String?
    /// The JSON object this device was read from (nil when Regimen built it); see `TaskResult.source`.
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates device info.
    package init(
        product: String? = nil, osVersion: String? = nil, osBuild: String? = nil, platform: String? = nil,
        researchKitVersion: String? = nil, researchKitBundleVersion: String? = nil, source: JSONObject? = nil
    ) {
        self.product = product
        self.osVersion = osVersion
        self.osBuild = osBuild
        self.platform = platform
        self.researchKitVersion = researchKitVersion
        self.researchKitBundleVersion = researchKitBundleVersion
        self.source = source
    }
}
