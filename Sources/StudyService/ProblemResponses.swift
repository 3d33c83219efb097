import Foundation
import HTTPTypes
import Hummingbird
import StudyAPI
import StudyDatabase

/// How the service's errors become problem documents (docs/study-service.md, "Errors"): one place, so every route
/// answers alike, and nothing in a detail names another participant or device, a token, an answer or a password.
enum ProblemResponses {
    /// The problem for `error`, and whether the service should log it as its own failure.
    static func problem(for error: any Error) -> (Problem, serverFault: Bool) {
        switch error {
        case let problem as Problem:
            return (problem, problem.status >= 500)
        case let error as StudyDatabaseError:
            return databaseProblem(error)
        case let error as any HTTPResponseError:
            // Hummingbird's own: a route not found, a method not allowed, a body over the limit (NIOTooManyBytesError).
            switch error.status {
            case .contentTooLarge:
                return (Problem(.tooLarge, detail: "the body is larger than the service accepts"), false)
            case .notFound: return (Problem(.notFound), false)
            case .methodNotAllowed: return (Problem(.methodNotAllowed), false)
            case .badRequest: return (Problem(.malformedRequest, detail: (error as? HTTPError)?.body), false)
            default: return (Problem(.internalError), true)
            }
        default:
            return (Problem(.internalError), true)
        }
    }

    /// The problem for a study database error.
    static func databaseProblem(_ error: StudyDatabaseError) -> (Problem, serverFault: Bool) {
        switch error {
        case .enrollmentCodeInvalid:
            return (Problem(.invalidCode, detail: "the code is unknown, used already or expired"), false)
        case .participantWithdrawn:
            return (
                Problem(.withdrawn, detail: "the participant was withdrawn from the study: nothing more is stored"),
                false
            )
        case .storeDiverged(_, let localSeq):
            return (
                Problem(
                    .storeDiverged,
                    detail:
                        "change \(localSeq) of this store differs from what this device sent before: the store is a copy of "
                        + "another device's store or a restored backup"), false
            )
        case .unknownTaskVersion(let uuid):
            return (
                Problem(
                    .unprocessable,
                    detail:
                        "an answer names task version \(uuid.uuidString.lowercased()), which the participant does not have"
                ), false
            )
        case .unknownOutcome(let uuid):
            return (
                Problem(
                    .unprocessable,
                    detail: "a deletion names outcome \(uuid.uuidString.lowercased()), which the study does not have"),
                false
            )
        case .unstorableText(let outcome, let field):
            return (
                Problem(
                    .unprocessable,
                    detail: "outcome \(outcome.uuidString.lowercased()): \(field) holds U+0000, which cannot be stored"),
                false
            )
        case .deviceUnknown:
            return (Problem(.unauthorized), false)
        case .unreachable, .connectionLost, .authenticationFailed, .databaseMissing:
            return (Problem(.unavailable, detail: "the study database cannot be reached: try again later"), true)
        case .failed(_, let state?, _) where unavailableStates.contains(state):
            return (Problem(.unavailable, detail: "the study database is busy: try again later"), true)
        case .failed(_, let state?, _) where state.hasPrefix("22") || state.hasPrefix("23"):
            // A value out of a column's range, or a uuid the study holds already for someone else: the same answer for
            // both, which says nothing of other participants.
            return (Problem(.unprocessable, detail: "the changes hold a value the study cannot store"), false)
        default:
            return (Problem(.internalError), true)
        }
    }

    /// SQLSTATEs that mean "busy, try again": a lock or statement timeout, a serialization failure or deadlock, too
    /// many connections, the server starting or stopping.
    static let unavailableStates: Set<String> = [
        "55P03", "57014", "40001", "40P01", "53300", "57P01", "57P02", "57P03", "25P03",
    ]

    /// `problem` as a response.
    static func response(_ problem: Problem, retryAfter: Int? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = Problem.mediaType
        headers[HTTPField.Name(APIVersion.servedHeader)!] = APIVersion.served.map(String.init).joined(separator: ", ")
        switch problem.kind {
        case .unauthorized?, .revoked?: headers[.wwwAuthenticate] = "Bearer realm=\"regimen\", error=\"invalid_token\""
        case .unavailable?: headers[.retryAfter] = "5"
        default: break
        }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = (try? APIJSON.encode(problem)) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: problem.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
