import CareModel
import Foundation
import Hummingbird
import Logging
import PostgresNIO
import StudyAPI
import StudyDatabase

/// The service's routes (docs/study-service.md, "API v1"; `Sources/StudyAPI/openapi.json`): enrollment, push, pull and
/// the device's status under `/v1`, and `/health`, `/metrics` and the OpenAPI document. Each device route takes the
/// device and its participant from the bearer token, never from the request.
struct StudyRoutes: Sendable {
    let pool: PostgresClient
    let database: DatabaseURL
    let studyID: String
    let bodyLimit: Int
    let limiter: EnrollmentLimiter
    let metrics: ServiceMetrics
    let logger: Logger

    /// Every route's path and methods: a request with another method on one of these paths is answered 405 with
    /// `Allow`, as HTTP says (RFC 9110, 15.5.6), not 404.
    static let methods: [String: [String]] = [
        "/health": ["GET"], "/metrics": ["GET"], "/v1/openapi.json": ["GET"], "/v1/enrollments": ["POST"],
        "/v1/push": ["POST"], "/v1/sync": ["POST"],
        "/v1/pull": ["GET"], "/v1/device": ["GET"],
    ]

    /// Adds the routes to `router`.
    func add(to router: Router<ServiceRequestContext>) {
        router.get("health") { _, _ in try await health() }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.text())))
        }
        router.get("v1/openapi.json") { _, _ in
            guard let document = APIDocument.openAPI else {
                throw Problem(.internalError, detail: "the OpenAPI document was not installed")
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
        }
        router.post("v1/enrollments") { request, context in try await enroll(request, context) }
        router.post("v1/push") { request, context in try await push(request, context) }
        router.post("v1/sync") { request, context in try await sync(request, context) }
        router.get("v1/pull") { request, context in try await pull(request, context) }
        router.get("v1/device") { request, context in try await status(request, context) }
    }

    // MARK: Routes

    private func health() async throws -> Response {
        do {
            _ = try await pool.withConnection { connection in try await connection.query("SELECT 1", logger: logger) }
        } catch {
            throw Problem(.unavailable, detail: "the study database cannot be reached")
        }
        return json(["status": "ok"], status: .ok)
    }

    private func enroll(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        if let wait = limiter.attempt(from: context.remoteAddress) {
            return ProblemResponses.response(
                Problem(
                    .tooManyRequests, detail: "too many enrollment attempts from this address: try again in \(wait) s"),
                retryAfter: wait)
        }
        let body: EnrollmentRequest = try await decode(request)
        guard let code = EnrollmentCode(typed: body.code) else {
            throw Problem(.invalidCode, detail: "the code is unknown, used already or expired")
        }
        let (device, token) = try await withStudy { study in
            try await study.enrollDeviceWithToken(code: code, requiring: body.participant)
        }
        context.device.deviceID = device.deviceID
        metrics.enrolled()
        let answer = EnrollmentResponse(
            device: device.deviceID, token: token.text, study: device.studyID, participantID: device.participant.id,
            participant: device.participant.label, homeTimeZone: device.participant.timeZone.identifier,
            participantEnrolledDate: device.participant.enrolledAt)
        return json(answer, status: .created)
    }

    private func push(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let token = try presentedToken(request)
        let body: PushRequest = try await decode(request)
        try Self.checkDeviceNow(body.deviceNow)
        let changes: [DeviceChange]
        do throws(JSONPlaceError) {
            changes = try ChangeRecord.changes(body.changes, outboxEnd: body.outboxEnd)
        } catch {
            throw Problem(.malformedRequest, detail: "\(error.place): \(error.problem)")
        }
        let report = try await withStudy { study in
            try await Self.push(
                changes, outboxEnd: body.outboxEnd, deviceNow: body.deviceNow, token: token, study, context)
        }
        metrics.pushed(conflicts: report.conflicts.count)
        return json(PushResponse(report), status: .ok)
    }

    private func sync(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let token = try presentedToken(request)
        let body: SyncRequest = try await decode(request)
        try Self.checkDeviceNow(body.deviceNow)
        guard body.outboxEnd >= 0, body.after >= 0 else {
            throw Problem(.malformedRequest, detail: "outboxEnd and after: expected whole numbers, 0 or more")
        }
        guard (1...1000).contains(body.limit) else {
            throw Problem(.malformedRequest, detail: "limit: expected 1 to 1000")
        }
        let (report, page) = try await withStudy { study in
            let report = try await Self.push(
                [], outboxEnd: body.outboxEnd, deviceNow: body.deviceNow, token: token, study, context)
            let page = try await Self.pull(after: body.after, limit: body.limit, token: token, study, context)
            return (report, page)
        }
        metrics.pushed(conflicts: 0)
        metrics.pulled()
        return json(SyncResponse(push: PushResponse(report), pull: try Self.answer(page)), status: .ok)
    }

    private func pull(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let token = try presentedToken(request)
        let query = request.uri.queryParameters
        guard let after = Int64(query["after"].map(String.init) ?? "0"), after >= 0 else {
            throw Problem(.malformedRequest, detail: "after: expected a whole number, 0 or more")
        }
        guard let limit = Int(query["limit"].map(String.init) ?? "500"), (1...1000).contains(limit) else {
            throw Problem(.malformedRequest, detail: "limit: expected a whole number from 1 to 1000")
        }
        let page = try await withStudy { study in
            try await Self.pull(after: after, limit: limit, token: token, study, context)
        }
        metrics.pulled()
        return json(try Self.answer(page), status: .ok)
    }

    /// A push by the device `token` speaks for: nothing to send (an up-to-date device's, most of a study's traffic)
    /// in one statement (docs/study-service.md, "Up-to-date syncs"), anything else through the full path.
    private static func push(
        _ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date, token: DeviceToken, _ study: StudyDatabase,
        _ context: ServiceRequestContext
    ) async throws -> PushReport {
        if changes.isEmpty,
            let settled = try settled(
                await study.quickEmptyPush(token: token, outboxEnd: outboxEnd, deviceNow: deviceNow), context)
        {
            return PushReport(
                acknowledged: settled.acknowledged, applied: 0, conflicts: [], clockOffsetMilliseconds: settled.offset)
        }
        let credential = try await authenticate(token, study, context)
        return try await study.push(
            changes, deviceID: credential.deviceID, outboxEnd: outboxEnd, deviceNow: deviceNow,
            audit: .device("push", credential.deviceID))
    }

    /// A pull page by the device `token` speaks for: nothing after the anchor (an up-to-date device) in one statement.
    private static func pull(
        after: Int64, limit: Int, token: DeviceToken, _ study: StudyDatabase, _ context: ServiceRequestContext
    ) async throws -> PullPage {
        if try settled(await study.quickPull(token: token, after: after), context) != nil {
            return PullPage(after: after, rows: [], anchor: after)
        }
        let credential = try await authenticate(token, study, context)
        return try await study.pull(deviceID: credential.deviceID, after: after, limit: limit)
    }

    /// `page` as an answer.
    private static func answer(_ page: PullPage) throws -> PullResponse {
        do throws(JSONPlaceError) {
            return try PullResponse(page)
        } catch {
            throw Problem(.internalError)
        }
    }

    /// A device's clock reading the study can store.
    private static func checkDeviceNow(_ deviceNow: Date) throws {
        guard OutcomeRecord.plausibleDates.contains(deviceNow) else {
            throw Problem(.malformedRequest, detail: "deviceNow: expected an instant between 1900 and 2200")
        }
    }

    private func status(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let token = try presentedToken(request)
        let state = try await withStudy { study in
            try await study.deviceStatus(deviceID: try await Self.authenticate(token, study, context).deviceID)
        }
        return json(
            DeviceStatus(
                device: state.deviceID, study: studyID, participant: state.participantLabel,
                enrolledDate: state.enrolledAt,
                lastSyncDate: state.lastSyncAt, acknowledged: state.ackedLocalSeq, anchor: state.participantSeq),
            status: .ok)
    }

    // MARK: Helpers

    /// The token the request presents (`Authorization: Bearer …`); none or a malformed one is refused (401) before
    /// anything else is read, with the answer an unknown token gets.
    private func presentedToken(_ request: Request) throws -> DeviceToken {
        guard let header = request.headers[.authorization], header.count > 7,
            header.prefix(7).lowercased() == "bearer ", let token = DeviceToken(presented: String(header.dropFirst(7)))
        else { throw Problem(.unauthorized, detail: "send the device's token as Authorization: Bearer TOKEN") }
        return token
    }

    /// The device `token` speaks for in `study`; an unknown or a revoked token is refused (401).
    private static func authenticate(
        _ token: DeviceToken, _ study: StudyDatabase, _ context: ServiceRequestContext
    ) async throws -> DeviceCredential {
        guard let credential = try await study.authenticate(token) else {
            throw Problem(.unauthorized, detail: "the token is not valid")
        }
        try checkNotRevoked(credential)
        context.device.deviceID = credential.deviceID
        return credential
    }

    /// What a one-statement sync settled: the acknowledged number and clock offset when it was done, nil when the full
    /// path must decide; an unknown or a revoked token is refused (401) as `authenticate` refuses it.
    private static func settled(
        _ outcome: StudyDatabase.QuickSync, _ context: ServiceRequestContext
    ) throws -> (acknowledged: Int64, offset: Int64?)? {
        switch outcome {
        case .unknownToken: throw Problem(.unauthorized, detail: "the token is not valid")
        case .revoked(let credential): try checkNotRevoked(credential)
        case .needsFullPath: return nil
        case .done(let credential, let acknowledged, let offset):
            context.device.deviceID = credential.deviceID
            return (acknowledged, offset)
        }
        return nil
    }

    private static func checkNotRevoked(_ credential: DeviceCredential) throws {
        guard !credential.revoked else {
            throw Problem(.revoked, detail: "the study team revoked this device's access: its answers are kept")
        }
    }

    /// The request's JSON body as a `T`, at most `bodyLimit` bytes; what does not read is named by its place.
    private func decode<T: Decodable>(_ request: Request) async throws -> T {
        var request = request
        let buffer = try await request.collectBody(upTo: bodyLimit)
        do throws(JSONPlaceError) {
            return try APIJSON.decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw Problem(
                .malformedRequest,
                detail: error.place == "the file" ? "the body \(error.problem)" : "\(error.place): \(error.problem)")
        }
    }

    /// Runs `body` with the study on a connection leased from the pool for this request.
    private func withStudy<Result: Sendable>(_ body: (StudyDatabase) async throws -> Result) async throws -> Result {
        metrics.connectionsInUse(1)
        defer { metrics.connectionsInUse(-1) }
        do {
            return try await pool.withConnection { connection in
                try await body(StudyDatabase.leased(connection, url: database, studyID: studyID, logger: logger))
            }
        } catch let error as StudyDatabaseError {
            throw error
        } catch let problem as Problem {
            throw problem
        } catch {
            // The pool could not lease a connection: the database is down, or every connection failed.
            throw StudyDatabaseError.unreachable(server: database.server, detail: String(describing: type(of: error)))
        }
    }

    /// `value` as a JSON answer.
    private func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let bytes = (try? APIJSON.encode(value)) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
