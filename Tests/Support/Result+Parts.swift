extension Result {
    /// The failure, or nil.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The success value, or nil.
    package var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
