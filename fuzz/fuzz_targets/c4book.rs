//! Connect Four opening books (reading): a book that reads writes back to the
//! same bytes, reads the same through a reader that hands out a few bytes at a
//! time, and fits its own board size. A zero checksum field is replaced by the
//! right checksum first, so the fuzzer gets past it to the body.
#![no_main]

use bitgames::games::connect4::book::Book;
use libfuzzer_sys::fuzz_target;

/// Reads at most `step` bytes per call.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.step).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    if bytes.len() >= 36 && bytes[32..36] == [0; 4] {
        let crc = crc32fast::hash(&bytes[16..]);
        bytes[32..36].copy_from_slice(&crc.to_le_bytes());
    }
    match Book::from_bytes(&bytes, Some("fuzz")) {
        Ok(book) => {
            assert_eq!(book.to_bytes(), bytes, "a book does not write back to its bytes");
            assert!(book.check_size(book.width(), book.height()).is_ok());
            let step = 1 + bytes.len() % 7;
            let trickled = Book::read_from(&mut Trickle { data: &bytes, step }, None)
                .expect("the same bytes, a few at a time");
            assert_eq!(trickled.to_bytes(), bytes);
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            let step = 1 + bytes.len() % 7;
            assert!(Book::read_from(&mut Trickle { data: &bytes, step }, None).is_err());
        }
    }
});
