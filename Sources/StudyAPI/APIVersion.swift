/// The versions of the study service's API (docs/study-service.md, "Versions"). A path names its version (`/v1/push`);
/// a service answers every version it knows, whatever its database's schema, so a device keeps syncing across
/// migrations until the service stops offering the version it speaks.
package enum APIVersion {
    /// The version this program speaks.
    package static let current = 1
    /// The versions a service of this program answers.
    package static let served: [Int] = [1]
    /// The header every response of the service carries, listing `served` (`1`).
    package static let servedHeader = "Regimen-API-Versions"

    /// The paths of version 1, relative to the service's root.
    package enum Path {
        /// POST: an enrollment code in, a device and its token out.
        package static let enrollments = "/v1/enrollments"
        /// POST: a page of the device's outbox.
        package static let push = "/v1/push"
        /// POST: a push of nothing and the first pull page, in one round trip.
        package static let sync = "/v1/sync"
        /// GET `?after=ANCHOR&limit=N`: the participant's rows after an anchor.
        package static let pull = "/v1/pull"
        /// GET: the device's own status.
        package static let device = "/v1/device"
        /// GET: the OpenAPI document.
        package static let openAPI = "/v1/openapi.json"
    }
}
