import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A request's context in the study service: Hummingbird's, the client's address (for the enrollment limit) and the
/// device its token speaks for, once authenticated (kept in a box the outer middleware reads for its log line).
struct ServiceRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address, as the connection shows it.
    let remoteAddress: String
    /// The authenticated device, for the request's log line and metrics.
    let device: DeviceBox

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        device = DeviceBox()
    }
}

/// The device a request was authenticated as, set once by the route and read by the middleware around it.
final class DeviceBox: Sendable {
    private let value = Mutex<UUID?>(nil)

    /// The device, once known.
    var deviceID: UUID? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
