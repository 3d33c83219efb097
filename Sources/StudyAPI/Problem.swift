/// An error answer of the study service: an RFC 9457 problem document (`application/problem+json`). Its `type` is
/// stable and is what clients branch on; `title` and `detail` are for people and never hold a token, an answer or a
/// password, nor say whether another participant or device exists.
package struct Problem: Codable, Sendable, Equatable, Error {
    /// The media type of a problem document.
    package static let mediaType = "application/problem+json"

    /// The stable kinds of problem (docs/study-service.md, "Errors").
    package enum Kind: String, Sendable, CaseIterable {
        /// 400: the body is not JSON, or a member is missing or of the wrong type; `detail` names the place.
        case malformedRequest = "malformed-request"
        /// 401: no token, or a token the service does not know.
        case unauthorized = "unauthorized"
        /// 401: the device's token was revoked by the study team.
        case revoked = "revoked"
        /// 403: the enrollment code is unknown, used or expired (one answer for all three).
        case invalidCode = "invalid-code"
        /// 404: no such route.
        case notFound = "not-found"
        /// 404: the path names an API version this service does not answer.
        case unsupportedVersion = "unsupported-version"
        /// 405: the route exists for another method.
        case methodNotAllowed = "method-not-allowed"
        /// 409: the store is a copy of another device's store, or a restored backup.
        case storeDiverged = "store-diverged"
        /// 409: the participant was withdrawn from the study.
        case withdrawn = "withdrawn"
        /// 413: the body is larger than the documented limit.
        case tooLarge = "too-large"
        /// 422: the changes name task versions or outcome versions the study does not have, or text it cannot store.
        case unprocessable = "unprocessable"
        /// 429: too many enrollment attempts from one address; `Retry-After` says when to try again.
        case tooManyRequests = "too-many-requests"
        /// 503: the study database cannot be reached or is busy; try again.
        case unavailable = "unavailable"
        /// 500: anything else.
        case internalError = "internal-error"

        /// The HTTP status it is sent with.
        package var status: Int {
            switch self {
            case .malformedRequest: 400
            case .unauthorized, .revoked: 401
            case .invalidCode: 403
            case .notFound, .unsupportedVersion: 404
            case .methodNotAllowed: 405
            case .storeDiverged, .withdrawn: 409
            case .tooLarge: 413
            case .unprocessable: 422
            case .tooManyRequests: 429
            case .unavailable: 503
            case .internalError: 500
            }
        }

        /// Its `type` URI.
        package var uri: String { "https://regimen.invalid/problems/\(rawValue)" }

        /// The kind of a `type` URI; nil for one this program does not know.
        package init?(uri: String) {
            guard uri.hasPrefix("https://regimen.invalid/problems/") else { return nil }
            self.init(rawValue: String(uri.dropFirst("https://regimen.invalid/problems/".count)))
        }
    }

    /// The kind's URI.
    package var type: String
    /// A short summary of the kind.
    package var title: String
    /// The HTTP status.
    package var status: Int
    /// What went wrong with this request.
    package var detail: String?

    /// A problem of `kind`, with `detail` for people.
    package init(_ kind: Kind, detail: String? = nil) {
        type = kind.uri
        title = kind.title
        status = kind.status
        self.detail = detail
    }

    /// The kind, when this program knows it.
    package var kind: Kind? { Kind(uri: type) }
}

extension Problem.Kind {
    /// The title sent with it.
    package var title: String {
        switch self {
        case .malformedRequest: "The request is malformed"
        case .unauthorized: "A valid device token is required"
        case .revoked: "This device's access was revoked"
        case .invalidCode: "The enrollment code is not valid"
        case .notFound: "No such resource"
        case .unsupportedVersion: "This API version is not served"
        case .methodNotAllowed: "Method not allowed"
        case .storeDiverged: "The store is a copy of another device's store"
        case .withdrawn: "The participant was withdrawn"
        case .tooLarge: "The request body is too large"
        case .unprocessable: "The changes cannot be stored"
        case .tooManyRequests: "Too many attempts"
        case .unavailable: "The study database is unavailable"
        case .internalError: "Internal error"
        }
    }
}
