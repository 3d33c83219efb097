import FoundationEssentials
import HTTPTypes
import Hummingbird
import Logging
import StudyAPI

/// Around every request (docs/study-service.md, "Monitoring"): turns errors into problem documents, adds the API
/// versions header, logs one line — method, route, status, device, duration; never a token, an answer or a password
/// — and counts the request in the metrics.
struct RequestRecorder: RouterMiddleware {
    typealias Context = ServiceRequestContext

    let metrics: ServiceMetrics
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let (problem, serverFault) = ProblemResponses.problem(for: Self.versioned(error, path: request.uri.path))
            if serverFault {
                logger.error(
                    "request failed",
                    metadata: [
                        "route": "\(context.endpointPath ?? "unmatched")", "error": "\(Self.summary(of: error))",
                    ])
            }
            if problem.kind == .notFound, let allowed = StudyRoutes.methods[request.uri.path] {
                response = ProblemResponses.response(
                    Problem(.methodNotAllowed, detail: "use \(allowed.joined(separator: ", "))"))
                response.headers[.allow] = allowed.joined(separator: ", ")
            } else {
                response = ProblemResponses.response(problem)
            }
        }
        response.headers[Self.servedName] = Self.servedValue
        let duration = ContinuousClock.now - start
        let route = context.endpointPath ?? "unmatched"
        let status = Int(response.status.code)
        metrics.request(route: route, method: request.method.rawValue, status: status, duration: duration)
        var metadata: Logger.Metadata = [
            "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status)",
            "ms": "\(Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)",
        ]
        if let device = context.device.deviceID { metadata["device"] = "\(device.uuidString.lowercased())" }
        logger.info("request", metadata: metadata)
        return response
    }

    /// The API versions header, made once.
    static let servedName = HTTPField.Name(APIVersion.servedHeader)!
    static let servedValue = APIVersion.served.map(String.init).joined(separator: ", ")

    /// A route not found under a version this service does not serve is that version's problem.
    static func versioned(_ error: any Error, path: String) -> any Error {
        guard let error = error as? any HTTPResponseError, error.status == .notFound else { return error }
        let first = path.split(separator: "/").first ?? ""
        if first.hasPrefix("v"), let version = Int(first.dropFirst()), !APIVersion.served.contains(version) {
            return Problem(
                .unsupportedVersion,
                detail: "this service answers API version \(APIVersion.served.map(String.init).joined(separator: ", "))"
            )
        }
        return error
    }

    /// An error's kind for the log, without its text (a server message may quote a value).
    static func summary(of error: any Error) -> String {
        if let error = error as? any StudyDatabaseErrorSummary { return error.summary }
        return String(describing: type(of: error))
    }
}
