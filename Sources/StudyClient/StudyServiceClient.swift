import AsyncHTTPClient
import CareModel
package import Foundation
package import NIOCore
import NIOHTTP1
import NIOSSL
package import StudyAPI

/// A device's connection to the study service (docs/study-service.md): enrollment, push, pull and status over HTTPS,
/// certificates verified (against `--ca-file` when given), plain HTTP only to this machine. Every request has a
/// deadline; requests that are safe to repeat (push: the server recognizes replays; pull; status) are retried with
/// backoff when the server cannot be reached, times out or is unavailable. Made with `make`, closed with `shutdown`.
package struct StudyServiceClient: Sendable {
    /// The service's root URL, without a trailing slash (`https://study.example.org:8443`).
    package let server: String
    /// The device's bearer token; nil before enrollment.
    package let token: String?
    /// How long one attempt may take.
    package var deadline: TimeAmount = .seconds(30)
    /// How many attempts a repeatable request makes.
    package var attempts = 3
    /// The pause before the second attempt; doubled for each next one.
    package var firstBackoff: Duration = .milliseconds(500)

    private let client: HTTPClient

    /// The largest answer read (a pull page of 500 rows is far below it).
    static let responseLimit = 64 << 20

    private init(server: String, token: String?, client: HTTPClient) {
        self.server = server
        self.token = token
        self.client = client
    }

    /// A client of the service at `serverURL`, trusting the certificates in the PEM file `caFile` when given (else the
    /// system's); `shutdown()` it when done.
    package static func make(server serverURL: String, token: String?, caFile: String?) throws(StudyClientError)
        -> StudyServiceClient
    {
        let server = try ServerURL.normalized(serverURL)
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
        configuration.decompression = .disabled
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw .unreadableCertificateAuthority(path: caFile, detail: String(describing: error))
            }
        }
        configuration.tlsConfiguration = tls
        return StudyServiceClient(
            server: server, token: token,
            client: HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration))
    }

    /// Closes the client's connections.
    package func shutdown() async {
        try? await client.shutdown()
    }

    /// Enrolls this device with `code` (for participant `participantID` only, when given: a store enrolled already).
    /// Not retried: a code works once, and a lost answer spends it.
    package func enroll(code: String, participantID: UUID?) async throws(StudyClientError) -> EnrollmentResponse {
        let body = try encode(EnrollmentRequest(code: code, participant: participantID))
        return try await send(.POST, APIVersion.Path.enrollments, body: body, repeatable: false)
    }

    /// Pushes one page of the outbox; the answer says what the study now holds.
    package func push(_ request: PushRequest) async throws(StudyClientError) -> PushResponse {
        try await send(.POST, APIVersion.Path.push, body: try encode(request), repeatable: true)
    }

    /// Pushes nothing and pulls the first page: an up-to-date device's sync in one round trip.
    package func sync(_ request: SyncRequest) async throws(StudyClientError) -> SyncResponse {
        try await send(.POST, APIVersion.Path.sync, body: try encode(request), repeatable: true)
    }

    /// Pulls the participant's rows after `anchor`, at most `limit`.
    package func pull(after anchor: Int64, limit: Int) async throws(StudyClientError) -> PullResponse {
        try await send(.GET, APIVersion.Path.pull + "?after=\(anchor)&limit=\(limit)", body: nil, repeatable: true)
    }

    /// What the study knows of this device.
    package func status() async throws(StudyClientError) -> DeviceStatus {
        try await send(.GET, APIVersion.Path.device, body: nil, repeatable: true)
    }

    private func encode(_ value: some Encodable) throws(StudyClientError) -> Data {
        do throws(JSONPlaceError) {
            return try APIJSON.encode(value)
        } catch {
            throw .malformedResponse(place: "the request", problem: error.problem)
        }
    }

    /// Sends a request and decodes its answer, retrying a `repeatable` one on the failures that allow it.
    private func send<Answer: Decodable>(
        _ method: HTTPMethod, _ path: String, body: Data?, repeatable: Bool
    ) async throws(StudyClientError) -> Answer {
        var attempt = 1
        var pause = firstBackoff
        while true {
            do throws(StudyClientError) {
                let (status, headers, bytes) = try await exchange(method, path, body: body)
                guard (200..<300).contains(status) else {
                    throw Self.failure(status: status, headers: headers, bytes: bytes)
                }
                do throws(JSONPlaceError) {
                    return try APIJSON.decode(Answer.self, from: bytes)
                } catch {
                    throw .malformedResponse(place: error.place, problem: error.problem)
                }
            } catch {
                guard repeatable, attempt < attempts, Self.isTransient(error) else { throw error }
                try? await Task.sleep(for: pause)
                attempt += 1
                pause *= 2
            }
        }
    }

    /// One request and its answer.
    private func exchange(
        _ method: HTTPMethod, _ path: String, body: Data?
    ) async throws(StudyClientError) -> (Int, HTTPHeaders, Data) {
        var request = HTTPClientRequest(url: server + path)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "regimen/\(APIVersion.current)")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(request, deadline: .now() + deadline)
            let buffer = try await response.body.collect(upTo: Self.responseLimit)
            return (Int(response.status.code), response.headers, Data(buffer.readableBytesView))
        } catch {
            throw Self.transportFailure(error, server: server)
        }
    }

    /// The error of an answer that is not a success: its problem document's kind decides.
    static func failure(status: Int, headers: HTTPHeaders, bytes: Data) -> StudyClientError {
        let problem = try? APIJSON.decode(Problem.self, from: bytes)
        let detail = problem?.detail ?? problem?.title ?? "HTTP \(status)"
        switch problem?.kind {
        case .unauthorized?: return .tokenRefused
        case .revoked?: return .revoked
        case .invalidCode?: return .invalidCode
        case .withdrawn?: return .withdrawn(detail: detail)
        case .storeDiverged?: return .storeDiverged(detail: detail)
        case .unprocessable?: return .unprocessable(detail: detail)
        case .tooManyRequests?:
            return .tooManyAttempts(retryAfter: headers.first(name: "Retry-After").flatMap { Int($0) })
        case .unsupportedVersion?: return .unsupportedVersion(served: headers.first(name: APIVersion.servedHeader))
        case .malformedRequest?, .tooLarge?: return .serverFailed(status: status, detail: detail)
        default:
            if status == 401 { return .tokenRefused }
            return .serverFailed(status: status, detail: detail)
        }
    }

    /// Failures that another attempt may mend: the server unreachable, slow, or unavailable for now.
    static func isTransient(_ error: StudyClientError) -> Bool {
        switch error {
        case .unreachable, .timedOut: true
        case .serverFailed(let status, _): status == 502 || status == 503 || status == 504
        default: false
        }
    }

    /// The error of a request that got no answer.
    static func transportFailure(_ error: any Error, server: String) -> StudyClientError {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout: return .timedOut(server: server)
            case .tlsHandshakeTimeout: return .tlsFailed(server: server, detail: "the TLS handshake timed out")
            default: break
            }
        }
        if error is NIOSSLError || error is BoringSSLError || String(reflecting: error).contains("SSL") {
            return .tlsFailed(server: server, detail: String(describing: error))
        }
        return .unreachable(server: server, detail: String(describing: error))
    }
}
