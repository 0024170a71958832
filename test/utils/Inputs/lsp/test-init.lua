-- Neovim (0.7 and later) as the client of utils/ktime-lsp, for
-- test/utils/ktime-lsp-nvim.test:
--   KTIME_LSP_CMD="python3 utils/ktime-lsp --cuda shim ..." KTIME_LSP_OUT=out.txt \
--     nvim --headless --clean -u test-init.lua FILE.cu
-- Opens FILE.cu, attaches the server, and writes to KTIME_LSP_OUT the
-- diagnostics (DIAG line severity message) and code lenses (LENS line
-- title) it gets; then rewrites the file's first `// ktime: launch` line
-- to KTIME_LSP_NEW_LAUNCH, saves, waits for new diagnostics and lenses,
-- writes them again and says whether the first lens changed. Lines are
-- 1-based. Any failure is written as ERROR and Neovim exits.
local out = assert(io.open(os.getenv('KTIME_LSP_OUT'), 'w'))
local function say(s)
  out:write(s .. '\n')
  out:flush()
end

local WAIT_MS = tonumber(os.getenv('KTIME_LSP_WAIT_MS') or '120000')

local function dump(buf, tag)
  local diags = vim.diagnostic.get(buf)
  table.sort(diags, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.message < b.message
  end)
  for _, d in ipairs(diags) do
    say(string.format('%s DIAG %d %d %s', tag, d.lnum + 1, d.severity,
                      (d.message:gsub('\n', ' | '))))
  end
  local lenses = vim.lsp.codelens.get(buf)
  table.sort(lenses, function(a, b) return a.range.start.line < b.range.start.line end)
  local first
  for _, l in ipairs(lenses) do
    local title = l.command and l.command.title or '(unresolved)'
    first = first or title
    say(string.format('%s LENS %d %s', tag, l.range.start.line + 1, title))
  end
  return first
end

local function lenses_after_refresh(buf, previous)
  vim.lsp.codelens.refresh()
  return vim.wait(WAIT_MS, function()
    local lenses = vim.lsp.codelens.get(buf)
    if #lenses == 0 then return false end
    local titles = {}
    for _, l in ipairs(lenses) do
      table.insert(titles, l.command and l.command.title or '')
    end
    return table.concat(titles, '\n') ~= previous
  end, 100)
end

local function lens_text(buf)
  local titles = {}
  for _, l in ipairs(vim.lsp.codelens.get(buf)) do
    table.insert(titles, l.command and l.command.title or '')
  end
  return table.concat(titles, '\n')
end

local function diag_text(buf)
  local parts = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(parts, d.lnum .. ':' .. d.message)
  end
  table.sort(parts)
  return table.concat(parts, '\n')
end

local function run()
  local file = vim.fn.fnamemodify(vim.fn.argv(0), ':p')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local cmd = vim.split(os.getenv('KTIME_LSP_CMD'), ' ', { trimempty = true })
  local id = vim.lsp.start_client({
    name = 'ktime-lsp', cmd = cmd, root_dir = vim.fn.fnamemodify(file, ':h'),
  })
  if not id then error('the server did not start') end
  vim.lsp.buf_attach_client(buf, id)

  if not vim.wait(WAIT_MS, function() return #vim.diagnostic.get(buf) > 0 end, 100) then
    error('no diagnostics')
  end
  if not lenses_after_refresh(buf, '') then error('no code lenses') end
  local before = dump(buf, 'OPEN')
  local diags_before, lenses_before = diag_text(buf), lens_text(buf)

  -- Edit the first launch comment and save: the server compiles again.
  local new = os.getenv('KTIME_LSP_NEW_LAUNCH')
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, l in ipairs(lines) do
    if l:match('^// ktime: launch ') then
      vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { '// ktime: launch ' .. new })
      break
    end
  end
  vim.cmd('write')
  if not vim.wait(WAIT_MS, function() return diag_text(buf) ~= diags_before end, 100) then
    error('no new diagnostics after the save')
  end
  if not lenses_after_refresh(buf, lenses_before) then
    error('the code lenses did not change after the save')
  end
  local after = dump(buf, 'SAVED')
  say('FIRST LENS ' .. (before ~= after and 'CHANGED' or 'UNCHANGED'))

  vim.lsp.stop_client(id)
  vim.wait(10000, function() return vim.lsp.client_is_stopped(id) end, 100)
  say('DONE')
end

local ok, err = pcall(run)
if not ok then say('ERROR ' .. tostring(err)) end
out:close()
vim.cmd('qa!')
