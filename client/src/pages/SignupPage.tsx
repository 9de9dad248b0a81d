import { Box, Button, Checkbox, Field, Input, Link, List, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { passwordChecklist, signupError } from '../auth/signup-rules';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { CheckCircleIcon, CircleIcon } from '../components/icons';
import { PasswordField } from '../components/PasswordInput';
import { notify } from '../components/toaster';
import { EmailField } from '../components/EmailField';


function ChecklistItem({ met, label }: { met: boolean; label: string }) {
  return (
    <List.Item display="flex" alignItems="center" gap="2" color={met ? 'green.fg' : 'fg.muted'}>
      {met ? <CheckCircleIcon boxSize="4" /> : <CircleIcon boxSize="4" />}
      <Text as="span">{label}</Text>
      <VisuallyHidden>{met ? '(met)' : '(not met yet)'}</VisuallyHidden>
    </List.Item>
  );
}

export default function SignupPage() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { signUp } = useAuth();
  const navigate = useNavigate();

  const checklist = passwordChecklist(password, confirmPassword);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = signupError({ firstName, lastName, email, password, confirmPassword, acceptedTerms });
    if (error) {
      notify.error(error);
      return;
    }
    setSubmitting(true);
    try {
      // The first name becomes the display name (the welcome uses it); the last name stays in the form.
      await signUp(email.trim(), password, firstName.trim());
      notify.success('Account created successfully!');
      navigate('/dashboard', { replace: true });
    } catch (err) {
      notify.error(`Failed to create account: ${err instanceof Error ? err.message : String(err)}`);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Create your account" subtitle="Start protecting your privacy for free." maxW="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root>
              <Field.Label>First name</Field.Label>
              <Input name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Last name</Field.Label>
              <Input name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <EmailField value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            describedBy="password-requirements"
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />

          <Box id="password-requirements" bg="bg.subtle" rounded="md" p="3" fontSize="sm">
            <Text fontWeight="semibold" color="fg" mb="2">
              Password requirements
            </Text>
            <List.Root listStyleType="none" gap="1.5">
              <ChecklistItem met={checklist.minLength} label="At least 6 characters" />
              <ChecklistItem met={checklist.letterAndDigit} label="Contains a letter and a digit" />
              <ChecklistItem met={checklist.matches} label="Passwords match" />
            </List.Root>
          </Box>

          <Checkbox.Root
            checked={acceptedTerms}
            onCheckedChange={(details) => setAcceptedTerms(details.checked === true)}
            colorPalette="blue"
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput name="acceptedTerms" />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label fontWeight="normal">
              I agree to the{' '}
              <Link asChild variant="underline" color="blue.fg">
                <RouterLink to="/terms">Terms of Service</RouterLink>
              </Link>{' '}
              and{' '}
              <Link asChild variant="underline" color="blue.fg">
                <RouterLink to="/privacy">Privacy Policy</RouterLink>
              </Link>
            </Checkbox.Label>
          </Checkbox.Root>

          <Button type="submit" colorPalette="blue" size="lg" w="full" disabled={!acceptedTerms} loading={submitting}>
            Create Account
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign up with Google"
        mode="signup"
      />
      <Text textAlign="center" color="fg.muted">
        Already have an account?{' '}
        <Link asChild variant="underline" color="blue.fg" fontWeight="semibold">
          <RouterLink to="/login">Sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
