import CampusCore
internal import CampusIndex
internal import Directory
internal import Registrar

extension CampusError {
    /// `error` as the door's error: lower modules' errors wrapped with their explanations.
    init(_ error: any Error) {
        switch error {
        case let error as CampusError: self = error
        case let error as IndexError: self = Self(index: error)
        case let error as UserStateError: self = .userState(error.description)
        case let error as OverlayError: self = .overlay(error)
        case let error as FetchError: self = Self(fetch: error)
        case let error as CrawlError: self = Self(crawl: error)
        case let error as PageReadError: self = .page(error.description)
        case let error as DefinitionError: self = .registrar(error.description)
        case let error as DirectoryError: self = Self(directory: error)
        case let error as DirectoryProfileError: self = .directory(error.description)
        default: self = .failed("\(error)")
        }
    }

    private init(index error: IndexError) {
        switch error {
        case .missing(let path): self = .indexMissing(path: path)
        case .corrupt(let path, _): self = .indexDamaged(path: path, detail: error.description)
        case .busy(let path, _): self = .indexBusy(path: path, detail: error.description)
        case .cannotOpen(let path, _), .newerVersion(let path):
            self = .indexUnusable(path: path, detail: error.description)
        case .suspiciousShrink, .suspiciousDirectoryShrink: self = .shrinkRefused(error.description)
        case .invalidSnapshot, .damagedRawPage, .database: self = .failed(error.description)
        }
    }

    private init(directory error: DirectoryError) {
        switch error {
        case .cleartextBind: self = .cleartextBind(error.description)
        case .ldifValueFromFile: self = .ldifValueFromFile(error.description)
        default: self = .directory(error.description)
        }
    }

    private init(fetch error: FetchError) {
        if case .unreachable = error { self = .registrarUnreachable(error.description) } else { self = .registrar(error.description) }
    }

    private init(crawl error: CrawlError) {
        if case .fetch(let fetch) = error { self = Self(fetch: fetch) } else { self = .registrar(error.description) }
    }
}

/// Runs a use case's body, turning whatever it throws into a ``CampusError``.
@discardableResult
func lookingUp<T>(_ body: () throws -> T) throws(CampusError) -> T {
    do {
        return try body()
    } catch {
        throw CampusError(error)
    }
}

/// Runs an async use case's body, turning whatever it throws into a ``CampusError``.
func lookingUp<T>(_ body: () async throws -> T) async throws(CampusError) -> T {
    do {
        return try await body()
    } catch {
        throw CampusError(error)
    }
}
