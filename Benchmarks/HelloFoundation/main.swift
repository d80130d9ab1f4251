// The reference of the whole-process benchmarks: the least a Swift program that
// uses Foundation does, built the same way as `campus` (release, same toolchain).
import Foundation

FileHandle.standardOutput.write(Data("Hello, world!\n".utf8))
