/// libFuzzer's entry for the `restore` target (see FuzzChecks.restore).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.run(.restore, data, size)
}
