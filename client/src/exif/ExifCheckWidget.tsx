import { Alert, Badge, Box, Button, Card, Code, Flex, Heading, List, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { cleanFileName, IMAGE_ACCEPT, IMAGE_SIGNATURE_BYTES, IMAGE_TYPE_INFO, uploadProblem } from '@browser-shared/metadata-strip/image-upload.rules';
import { stripMetadata } from '@browser-shared/metadata-strip/metadata.stripper';
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { ScoreCircle } from '../components/ScoreCircle';
import { riskTone, SEVERITY_LABEL, SEVERITY_PALETTE } from './exif-display';
import { analyzeImage, EXIF_ERRORS, type ExifAnalysis, type ExifFinding, ExifUploadError } from './exif-upload';

type Phase = 'idle' | 'uploading' | 'analyzing' | 'result' | 'error';
type HeadingTag = 'h2' | 'h3';

export const STRIP_FAILED = 'This image could not be cleaned: the file looks damaged.';

/** A Blob's bytes (Blob.arrayBuffer where the browser has it, FileReader otherwise). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Saves bytes as a download, made in the browser (nothing is sent anywhere). */
function download(bytes: Uint8Array, mime: string, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The EXIF Privacy Check widget: drop or choose an image; its type and
 * size are checked before any upload; 'Uploading...' with the upload's progress, then 'Analyzing
 * image metadata...'; the risk score and findings; 'Analyze Another' resets; 'Strip Metadata'
 * downloads `<name>-clean.<ext>`, made here in the browser from the file already in memory
 * (docs/IMAGE-CHECK.md), so the photo is not sent again.
 */
export default function ExifCheckWidget({ headingAs = 'h2' }: { headingAs?: HeadingTag }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [highlighted, setHighlighted] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  const [file, setFile] = useState<File>();
  const [analysis, setAnalysis] = useState<ExifAnalysis>();
  const [stripMessage, setStripMessage] = useState<{ ok: boolean; text: string }>();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const dragDepth = useRef(0);
  const mounted = useRef(true);
  const focusChooserNext = useRef(false);
  const busy = phase === 'uploading' || phase === 'analyzing';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (phase === 'result') resultRef.current?.focus();
    if (phase === 'idle' && focusChooserNext.current) {
      focusChooserNext.current = false;
      chooseRef.current?.focus();
    }
  }, [phase]);

  async function check(chosen: File) {
    if (busy) return;
    setError(undefined);
    setStripMessage(undefined);
    const head = await bytesOf(chosen.slice(0, IMAGE_SIGNATURE_BYTES)).catch(() => new Uint8Array(0));
    const problem = uploadProblem(chosen.size, head);
    if (problem) {
      setError(problem);
      setPhase('error');
      return;
    }
    setFile(chosen);
    setProgress(0);
    setPhase('uploading');
    try {
      const response = await analyzeImage(chosen, {
        onProgress: (fraction) => mounted.current && setProgress(Math.round(fraction * 100)),
        onUploaded: () => mounted.current && setPhase('analyzing'),
      });
      if (!mounted.current) return;
      setAnalysis(response.analysis);
      setPhase('result');
    } catch (err) {
      if (!mounted.current) return;
      setError(err instanceof ExifUploadError ? err.message : EXIF_ERRORS.failed);
      setPhase('error');
    }
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still triggers a change
    if (chosen) void check(chosen);
  }

  function onDragEnterOrOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (event.type === 'dragenter') dragDepth.current++;
    if (event.dataTransfer) event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setHighlighted(true);
  }

  // Moving onto one of the zone's children enters the child before it leaves the zone: the
  // zone is left only when every enter has had its leave.
  function onDragLeave() {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setHighlighted(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    dragDepth.current = 0;
    setHighlighted(false);
    const dropped = event.dataTransfer?.files?.[0];
    if (dropped) void check(dropped);
  }

  function analyzeAnother() {
    setPhase('idle');
    setFile(undefined);
    setAnalysis(undefined);
    setError(undefined);
    setStripMessage(undefined);
    setProgress(0);
    focusChooserNext.current = true;
  }

  async function stripAndDownload() {
    if (!file) return;
    try {
      const result = stripMetadata(await bytesOf(file));
      const name = cleanFileName(file.name, result.type);
      download(result.bytes, IMAGE_TYPE_INFO[result.type].mime, name);
      setStripMessage({ ok: true, text: `Downloaded ${name}: the image without its metadata.` });
    } catch {
      setStripMessage({ ok: false, text: STRIP_FAILED });
    }
  }

  const sub = headingAs === 'h2' ? 'h3' : 'h4';

  return (
    <Card.Root variant="elevated" w="full">
      <Card.Body gap="6" p={{ base: '5', md: '8' }}>
        {phase === 'result' && analysis && file ? (
          <ExifResults
            fileName={file.name}
            analysis={analysis}
            headingAs={headingAs}
            subHeadingAs={sub}
            titleRef={resultRef}
            onAnalyzeAnother={analyzeAnother}
            onStrip={() => void stripAndDownload()}
            stripMessage={stripMessage}
          />
        ) : (
          <>
            <Box textAlign="center">
              <Heading as={headingAs} size="2xl">
                EXIF Privacy Check
              </Heading>
              <Text mt="2" color="fg.muted">
                See what a photo's hidden metadata gives away — where it was taken, the camera's serial number, names, times and
                software — before you share it.
              </Text>
            </Box>

            <Box
              role="group"
              aria-label="Image drop zone"
              data-testid="exif-drop-zone"
              data-highlighted={highlighted ? 'true' : 'false'}
              onDragEnter={onDragEnterOrOver}
              onDragOver={onDragEnterOrOver}
              onDragLeave={onDragLeave}
              onDrop={onDrop}
              borderWidth="2px"
              borderStyle="dashed"
              borderColor={highlighted ? 'blue.solid' : 'border.emphasized'}
              bg={highlighted ? 'blue.subtle' : 'bg.subtle'}
              rounded="lg"
              px="6"
              py="10"
              textAlign="center"
              transition="background 0.15s, border-color 0.15s"
            >
              <Stack gap="4" align="center">
                <Text fontWeight="medium" color="fg">
                  Drag and drop a photo here, or choose one
                </Text>
                <input ref={inputRef} type="file" accept={IMAGE_ACCEPT} hidden aria-label="Choose an image" data-testid="exif-file-input" onChange={onChoose} />
                <Button ref={chooseRef} colorPalette="blue" size="lg" disabled={busy} onClick={() => inputRef.current?.click()}>
                  {phase === 'uploading' ? 'Uploading...' : 'Upload Image'}
                </Button>
                <Text fontSize="sm" color="fg.muted">
                  JPEG, PNG, TIFF, WebP, HEIC (iPhone photos), AVIF or GIF, up to 10 MB. The image is analysed, never stored.
                </Text>
              </Stack>
            </Box>

            {phase === 'uploading' && (
              <Progress.Root value={progress} max={100} colorPalette="blue" size="md">
                <Flex justify="space-between" mb="1">
                  <Progress.Label>Upload progress</Progress.Label>
                  <Progress.ValueText>{progress}%</Progress.ValueText>
                </Flex>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}

            {phase === 'analyzing' && (
              <Flex role="status" gap="3" align="center" justify="center">
                <Spinner size="md" color="blue.fg" />
                <Text fontWeight="medium">Analyzing image metadata...</Text>
              </Flex>
            )}

            {phase === 'error' && error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

interface ExifResultsProps {
  fileName: string;
  analysis: ExifAnalysis;
  headingAs: HeadingTag;
  subHeadingAs: 'h3' | 'h4';
  titleRef: React.RefObject<HTMLHeadingElement | null>;
  onAnalyzeAnother(): void;
  onStrip(): void;
  stripMessage?: { ok: boolean; text: string };
}

function ExifResults({ fileName, analysis, headingAs, subHeadingAs, titleRef, onAnalyzeAnother, onStrip, stripMessage }: ExifResultsProps) {
  return (
    <Stack gap="6">
      <Flex gap="6" align="center" direction={{ base: 'column', sm: 'row' }} textAlign={{ base: 'center', sm: 'start' }}>
        <ScoreCircle name="Risk score" score={analysis.riskScore} tone={riskTone(analysis.riskScore)} size="md" testId="exif-risk-score" />
        <Box minW="0">
          <Heading as={headingAs} ref={titleRef} tabIndex={-1} size="xl" outline="none" wordBreak="break-word">
            Risk Score for {fileName}
          </Heading>
          <Text mt="1" color="fg.muted">
            {analysis.findings.length === 0
              ? 'No personal metadata found in this image.'
              : `${analysis.findings.length} ${analysis.findings.length === 1 ? 'finding' : 'findings'} in this image's metadata.`}
          </Text>
        </Box>
      </Flex>

      {analysis.findings.length > 0 && (
        <Box>
          <Heading as={subHeadingAs} size="lg" mb="3">
            Findings
          </Heading>
          <List.Root as="ul" listStyle="none" gap="3" ms="0">
            {analysis.findings.map((finding, index) => (
              <FindingItem key={`${finding.category}-${index}`} finding={finding} />
            ))}
          </List.Root>
        </Box>
      )}

      {stripMessage && (
        <Alert.Root status={stripMessage.ok ? 'success' : 'error'} role={stripMessage.ok ? 'status' : 'alert'}>
          <Alert.Indicator />
          <Alert.Title>{stripMessage.text}</Alert.Title>
        </Alert.Root>
      )}

      {!analysis.strip.possible && (
        <Alert.Root status="warning" data-testid="exif-strip-unavailable">
          <Alert.Indicator />
          <Alert.Title>{analysis.strip.message}</Alert.Title>
        </Alert.Root>
      )}

      <Flex gap="3" wrap="wrap" justify={{ base: 'stretch', sm: 'flex-start' }}>
        {analysis.strip.possible && (
          <Button colorPalette="blue" onClick={onStrip}>
            Strip Metadata
          </Button>
        )}
        <Button variant="outline" onClick={onAnalyzeAnother}>
          Analyze Another
        </Button>
      </Flex>
    </Stack>
  );
}

/** One metadata finding of an image check (also the history's view of a stored check). */
export function FindingItem({ finding }: { finding: ExifFinding }) {
  return (
    <List.Item borderWidth="1px" borderColor="border" rounded="md" p="4" data-testid="exif-finding" data-severity={finding.severity} data-category={finding.category}>
      <Flex gap="3" align="flex-start" justify="space-between" wrap="wrap">
        <Text fontWeight="medium" flex="1" minW="12rem">
          {finding.description}
        </Text>
        <Badge colorPalette={SEVERITY_PALETTE[finding.severity]} variant="subtle">
          {SEVERITY_LABEL[finding.severity]} severity
        </Badge>
      </Flex>
      <Code mt="2" display="inline-block" whiteSpace="pre-wrap" wordBreak="break-word" colorPalette="gray">
        {finding.redactedValue}
      </Code>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {finding.recommendation}
      </Text>
    </List.Item>
  );
}
