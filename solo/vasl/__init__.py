"""VASL saved games (.vsav) read and written in pure Python: the file (zip, obfuscation), VASSAL's command and
trait encoding, the board layout of VASL's Main Map and which hex each counter stands in. The format as this
package reads it is described in docs/vsav.md."""
